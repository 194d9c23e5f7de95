import { ChangePasswordSchema } from "~/domain/auth-forms";
import { fieldErrors } from "~/domain/field-errors";
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { deleteOtherSessions } from "~/models/session.server";
import { getPasswordHash, setPasswordHash } from "~/models/user.server";
import { hashPassword, verifyPassword } from "~/crypto/password.server";
import { done, failed } from "~/web/reply.server";
import type { SettingsHandler } from "./reply.server";

/** Needs the current password; on success every other session of this member ends. No permission: own account only. */
export const changePassword: SettingsHandler = async ({ user, fields }) => {
  const parsed = ChangePasswordSchema.safeParse(fields);
  if (!parsed.success) return failed("password", "invalid", "Your password was not changed.", fieldErrors(parsed.error));
  if (!(await verifyPassword(parsed.data.current, await getPasswordHash(user.id)))) {
    return failed("password", "invalid", "Your password was not changed.", { current: "That is not your current password." });
  }
  await setPasswordHash(user.id, await hashPassword(parsed.data.password));
  const { count } = await deleteOtherSessions(user.id, user.sessionId);
  const account = { type: "account", id: user.id, title: user.name };
  await recordAudit({ actor: memberActor(user), action: "auth.password-changed", object: account, after: { otherSessionsEnded: count } });
  return done("password", `Password changed.${count ? ` Signed out ${count} other session${count === 1 ? "" : "s"}.` : ""}`);
};

/** No permission: it ends only the member's own other sessions. */
export const signOutOtherSessions: SettingsHandler = async ({ user }) => {
  const { count } = await deleteOtherSessions(user.id, user.sessionId);
  const account = { type: "account", id: user.id, title: user.name };
  await recordAudit({ actor: memberActor(user), action: "auth.signed-out-others", object: account, after: { sessionsEnded: count } });
  return done("sign-out-others", count ? `Signed out ${count} other session${count === 1 ? "" : "s"}.` : "There were no other sessions.");
};
