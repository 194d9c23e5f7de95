import { invitationDelivery, showLinkToAdmin } from "~/adapters/invitation-delivery.server";
import { authorize } from "~/web/authorize.server";
import { fieldErrors } from "~/domain/field-errors";
import { InviteSchema, MemberSchema, RoleSchema } from "~/domain/team-forms";
import { createInvitation, invitationMadeBefore, renewInvitation } from "~/models/invitation.server";
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { changeMember } from "~/models/user.server";
import { done, failed, refusedAs } from "~/web/reply.server";
import { createOnce, type ActionInput } from "~/web/action.server";
import type { SettingsHandler } from "./reply.server";

const linkFor = (request: Request, token: string) => `${new URL(request.url).origin}/invite/${token}`;

// An account that can already sign in joins at once: no link, no second password (decision 073).
const added = (email: string, target: string) =>
  done("invite", `${email} already has an account: they are now a member here and see it in their workspace switcher.`, {
    link: undefined,
    target,
  });

const invited = (email: string, link: string, delivered: boolean, target: string) =>
  done("invite", delivered ? `Invitation sent to ${email}.` : `Invitation ready. Send ${email} this one-time link:`, {
    link: delivered ? undefined : link,
    target,
  });

/** Sent again with its key, one invitation: the retry shows the same link (it sends nothing again). */
export const invite = createOnce(
  async ({ user, fields, request }: ActionInput) => {
    authorize(user, "team.manage");
    const parsed = InviteSchema.safeParse(fields);
    if (!parsed.success) return failed("invite", "invalid", "No invitation was created.", fieldErrors(parsed.error));
    const result = await createInvitation({ ...parsed.data, invitedById: user.id });
    if (!result.ok) return failed("invite", "conflict", "No invitation was created.", { email: result.error });
    await recordAudit({
      actor: memberActor(user),
      action: result.token ? "team.invited" : "team.added",
      object: { type: "member", id: result.userId, title: parsed.data.email },
      after: { role: parsed.data.role },
    });
    if (!result.token) return added(parsed.data.email, result.userId);
    const link = linkFor(request, result.token);
    const { delivered } = await invitationDelivery().send({ to: parsed.data.email, link, role: parsed.data.role, invitedBy: user.name });
    return invited(parsed.data.email, link, delivered, result.userId);
  },
  (claimed, { fields, request }) => {
    const made = invitationMadeBefore(claimed);
    if (!made) return failed("invite", "conflict", "That invitation was made already: use “New link” on their row.");
    if (!made.token) return added(InviteSchema.parse(fields).email, made.userId);
    // Nothing is sent again: the retry says what the first did (the link is shown when no mail server sends it).
    const delivered = invitationDelivery() !== showLinkToAdmin;
    return invited(InviteSchema.parse(fields).email, linkFor(request, made.token), delivered, made.userId);
  },
);

export const renewInvite: SettingsHandler = async ({ user, fields, request }) => {
  authorize(user, "team.manage");
  const { userId } = MemberSchema.parse(fields);
  const renewed = await renewInvitation(userId, user.id);
  if (!renewed) return failed("renew", "not-found", "That member is no longer waiting for an invitation.");
  await recordAudit({
    actor: memberActor(user),
    action: "team.invite-renewed",
    object: { type: "member", id: userId, title: renewed.email },
  });
  return done("renew", `New one-time link for ${renewed.email} (the old one no longer works):`, { link: linkFor(request, renewed.token) });
};

export const changeRole: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "team.manage");
  const target = fields.userId ?? "";
  const parsed = RoleSchema.safeParse(fields);
  if (!parsed.success) return failed("role", "invalid", parsed.error.issues[0].message, fieldErrors(parsed.error), target);
  const result = await changeMember(target, { kind: "role", role: parsed.data.role }, memberActor(user));
  if (!result.ok) return refusedAs("role", result, target);
  return done("role", `Role changed to ${parsed.data.role}.`, { target });
};

export const removeMember: SettingsHandler = async ({ user, fields }) => {
  authorize(user, "team.manage");
  const { userId: target } = MemberSchema.parse(fields);
  const result = await changeMember(target, { kind: "remove" }, memberActor(user));
  if (!result.ok) return refusedAs("remove", result, target);
  return done("remove", "Member removed. Their sessions have ended.", { target });
};
