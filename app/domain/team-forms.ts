import { z } from "zod/v4";
import { emailSchema } from "./auth-forms";
import { ROLES } from "./content";

const roleSchema = z.enum(ROLES, { error: `Choose a role: ${ROLES.join(", ")}.` });

/** Settings › Team, one schema per intent. */
export const InviteSchema = z.object({ email: emailSchema, role: roleSchema });
export const MemberSchema = z.object({ userId: z.string().default("") });
export const RoleSchema = z.object({ userId: z.string().default(""), role: roleSchema });
