import { z } from "zod";
import { emailSchema } from "./auth-forms";
import { ROLES } from "./content";

const roleSchema = z.enum(ROLES, { errorMap: () => ({ message: `Choose a role: ${ROLES.join(", ")}.` }) });

/** Settings › Team, one schema per intent. */
export const InviteSchema = z.object({ email: emailSchema, role: roleSchema });
export const MemberSchema = z.object({ userId: z.string().default("") });
export const RoleSchema = z.object({ userId: z.string().default(""), role: roleSchema });
