import { z } from "zod";
import { ROLES } from "~/domain/content";
import { emailSchema, fieldErrors } from "~/domain/auth-forms";
import { parseRole } from "~/domain/team";
import { invitationDelivery } from "~/adapters/invitation-delivery.server";
import { createInvitation, renewInvitation } from "~/models/invitation.server";
import { changeMember } from "~/models/user.server";
import { refuse, reply, type SettingsHandler } from "./reply.server";

const InviteSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES, { errorMap: () => ({ message: `Choose a role: ${ROLES.join(", ")}.` }) }),
});

const linkFor = (request: Request, token: string) => `${new URL(request.url).origin}/invite/${token}`;

export const invite: SettingsHandler = async ({ user, form, request }) => {
  const refused = refuse("invite", user, "team.manage");
  if (refused) return refused;
  const parsed = InviteSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply("invite", { errors: fieldErrors(parsed.error), message: "No invitation was created." }, 400);
  const result = await createInvitation({ ...parsed.data, invitedById: user.id });
  if (!result.ok) return reply("invite", { errors: { email: result.error }, message: "No invitation was created." }, 409);
  const link = linkFor(request, result.token);
  const { delivered } = await invitationDelivery().send({ to: parsed.data.email, link, role: parsed.data.role, invitedBy: user.name });
  const message = delivered ? `Invitation sent to ${parsed.data.email}.` : `Invitation ready. Send ${parsed.data.email} this one-time link:`;
  return reply("invite", { message, link: delivered ? undefined : link, target: result.userId });
};

export const renewInvite: SettingsHandler = async ({ user, form, request }) => {
  const refused = refuse("renew", user, "team.manage");
  if (refused) return refused;
  const renewed = await renewInvitation(String(form.get("userId") ?? ""), user.id);
  if (!renewed) return reply("renew", { message: "That member is no longer waiting for an invitation." }, 404);
  return reply("renew", { message: `New one-time link for ${renewed.email} (the old one no longer works):`, link: linkFor(request, renewed.token) });
};

export const changeRole: SettingsHandler = async ({ user, form }) => {
  const refused = refuse("role", user, "team.manage");
  if (refused) return refused;
  const target = String(form.get("userId") ?? "");
  const role = parseRole(form.get("role"));
  if (!role) return reply("role", { message: `Choose a role: ${ROLES.join(", ")}.`, target }, 400);
  const result = await changeMember(target, { kind: "role", role });
  if (!result.ok) return reply("role", { message: result.error, target }, result.status);
  return reply("role", { message: `Role changed to ${role}.`, target });
};

export const removeMember: SettingsHandler = async ({ user, form }) => {
  const refused = refuse("remove", user, "team.manage");
  if (refused) return refused;
  const target = String(form.get("userId") ?? "");
  const result = await changeMember(target, { kind: "remove" });
  if (!result.ok) return reply("remove", { message: result.error, target }, result.status);
  return reply("remove", { message: "Member removed. Their sessions have ended.", target });
};
