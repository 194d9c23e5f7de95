import { throttleVerdict } from "~/domain/throttle";
import { findUserForSignIn } from "~/models/user.server";
import { clearLoginFailures, recentLoginFailures, recordLoginFailure } from "~/models/login-failure.server";
import { firstMembership, purgeExpiredSessions } from "~/models/session.server";
import { hashPassword, verifyPassword } from "~/crypto/password.server";
import { recordAudit } from "~/models/audit.server";
import { enterWorkspace, FIRST_WORKSPACE_ID } from "~/db/workspace-scope.server";

// Checked when the email is unknown, so a wrong email takes as long as a wrong password.
// Made on first use, not at start-up.
let decoy: Promise<string> | undefined;

export type SignInOutcome =
  | { kind: "ok"; userId: string }
  | { kind: "throttled"; verdict: Extract<ReturnType<typeof throttleVerdict>, { blocked: true }> }
  | { kind: "wrong" };

/** Checks the throttle, then the password; records failures and forgives them on success. */
export async function attemptSignIn(email: string, password: string, ip: string, now = new Date()): Promise<SignInOutcome> {
  const verdict = throttleVerdict({ ...(await recentLoginFailures(email, ip, now)), now });
  const user = await findUserForSignIn(email);
  // Recorded where the session opens, the account's first workspace; an unknown email in the first of the studio (decision 073).
  const place = user ? await firstMembership(user.id) : null;
  enterWorkspace(place?.workspaceId ?? FIRST_WORKSPACE_ID);
  const failed = (reason: string) =>
    recordAudit(
      {
        actor: { kind: "member", id: user?.id ?? null, name: user?.name ?? email },
        action: "auth.sign-in-failed",
        object: { type: "account", id: user?.id ?? null, title: email },
        after: { reason },
      },
      undefined,
      now,
    );
  if (verdict.blocked) {
    await failed("too many attempts");
    return { kind: "throttled", verdict };
  }
  const matches = await verifyPassword(password, user?.passwordHash ?? (await (decoy ??= hashPassword("not-a-real-password"))));
  if (!user || user.status !== "active" || !place || !matches) {
    await recordLoginFailure(email, ip, now);
    await failed(user && (user.status !== "active" || !place) ? "account not active" : "wrong email or password");
    return { kind: "wrong" };
  }
  // Housekeeping on a rare, cheap occasion: old failures and expired sessions go.
  await Promise.all([clearLoginFailures(email, now), purgeExpiredSessions(now)]);
  await recordAudit(
    {
      actor: { kind: "member", id: user.id, name: user.name },
      action: "auth.signed-in",
      object: { type: "account", id: user.id, title: email },
    },
    undefined,
    now,
  );
  return { kind: "ok", userId: user.id };
}
