import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { enterWorkspace } from "~/db/workspace-scope.server";
import { createSession, deleteSession, findSession, SESSION_TTL_MS } from "~/models/session.server";

/**
 * Secure exactly when the request came over HTTPS: request.url is https: directly, or behind
 * TRUST_PROXY with X-Forwarded-Proto: https (express's req.protocol). Plain-HTTP localhost keeps
 * working with no setting. COOKIE_SECURE=true|false overrides (decision 014).
 */
export function cookieIsSecure(request: Request): boolean {
  const forced = process.env.COOKIE_SECURE;
  if (forced === "true" || forced === "false") return forced === "true";
  return new URL(request.url).protocol === "https:";
}

/** True when browsers will drop the Secure cookie: plain HTTP to a host other than localhost. */
export function cookieWillBeDropped(request: Request): boolean {
  const url = new URL(request.url);
  return cookieIsSecure(request) && url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

// The cookie holds only a random token; the session itself lives in the database, so it can be revoked.
// `secure` is decided per request when the cookie is set (cookieIsSecure).
const sessionCookie = createCookie("studio_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: SESSION_TTL_MS / 1000,
});

const setCookie = (request: Request, token: string, options?: { maxAge: number }) =>
  sessionCookie.serialize(token, { ...options, secure: cookieIsSecure(request) });

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;

export function clientOf(request: Request, context?: AppLoadContext) {
  return { userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300), ip: context?.clientIp ?? "" };
}

export async function getSessionUser(request: Request) {
  const token = await sessionCookie.parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || token === "") return null;
  const session = await findSession(token);
  if (!session) return null;
  // The rest of this request reads and writes in the session's workspace (decision 073).
  enterWorkspace(session.workspaceId);
  return { ...session.user, sessionId: session.id, workspaceId: session.workspaceId, workspaceName: session.workspaceName };
}

/** The signed-in member, or a redirect to sign-in that comes back here afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const back = url.pathname === "/" ? "" : `?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
  throw redirect(`/login${back}`, { headers: { "Set-Cookie": await setCookie(request, "", { maxAge: 0 }) } });
}

export async function signIn(userId: string, request: Request, context: AppLoadContext | undefined, to: string) {
  const { token } = await createSession(userId, clientOf(request, context));
  return redirect(to, { headers: { "Set-Cookie": await setCookie(request, token) } });
}

export async function signOut(request: Request) {
  const user = await getSessionUser(request);
  if (user) {
    await deleteSession(user.sessionId);
    await recordAudit({ actor: memberActor(user), action: "auth.signed-out", object: { type: "account", id: user.id, title: user.name } });
  }
  return redirect("/login", { headers: { "Set-Cookie": await setCookie(request, "", { maxAge: 0 }) } });
}

/** A cookie header for a session token, for tests and scripts that sign in without the form. */
export function sessionCookieHeader(token: string) {
  return sessionCookie.serialize(token);
}
