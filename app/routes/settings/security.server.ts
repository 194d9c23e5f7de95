import { ChangePasswordSchema, fieldErrors } from "~/domain/auth-forms";
import { deleteOtherSessions } from "~/models/session.server";
import { getPasswordHash, setPasswordHash } from "~/models/user.server";
import { hashPassword, verifyPassword } from "~/password.server";
import { reply, type SettingsHandler } from "./reply.server";

/** Needs the current password; on success every other session of this member ends. */
export const changePassword: SettingsHandler = async ({ user, form }) => {
  const parsed = ChangePasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return reply("password", { errors: fieldErrors(parsed.error), message: "Your password was not changed." }, 400);
  if (!(await verifyPassword(parsed.data.current, await getPasswordHash(user.id)))) {
    return reply("password", { errors: { current: "That is not your current password." }, message: "Your password was not changed." }, 400);
  }
  await setPasswordHash(user.id, await hashPassword(parsed.data.password));
  const { count } = await deleteOtherSessions(user.id, user.sessionId);
  return reply("password", { message: `Password changed.${count ? ` Signed out ${count} other session${count === 1 ? "" : "s"}.` : ""}` });
};

export const signOutOtherSessions: SettingsHandler = async ({ user }) => {
  const { count } = await deleteOtherSessions(user.id, user.sessionId);
  return reply("sign-out-others", { message: count ? `Signed out ${count} other session${count === 1 ? "" : "s"}.` : "There were no other sessions." });
};
