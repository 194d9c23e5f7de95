import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import { createSession, deleteSession, findSession, SESSION_TTL_MS } from "~/models/session.server";

const secure = process.env.COOKIE_SECURE ? process.env.COOKIE_SECURE === "true" : process.env.NODE_ENV === "production";

/** True when browsers will drop the Secure cookie: plain HTTP to a host other than localhost. */
export function cookieWillBeDropped(request: Request): boolean {
  const url = new URL(request.url);
  return secure && url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

// The cookie holds only a random token; the session itself lives in the database, so it can be revoked.
const sessionCookie = createCookie("studio_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: SESSION_TTL_MS / 1000,
  // Secure in production; COOKIE_SECURE=false lets ops serve plain HTTP on a private network.
  secure,
});

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;

export function clientOf(request: Request, context?: AppLoadContext) {
  return { userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300), ip: context?.clientIp ?? "" };
}

export async function getSessionUser(request: Request) {
  const token = await sessionCookie.parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || token === "") return null;
  const session = await findSession(token);
  return session ? { ...session.user, sessionId: session.id } : null;
}

/** The signed-in member, or a redirect to sign-in that comes back here afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const back = url.pathname === "/" ? "" : `?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
  throw redirect(`/login${back}`, { headers: { "Set-Cookie": await sessionCookie.serialize("", { maxAge: 0 }) } });
}

export async function signIn(userId: string, request: Request, context: AppLoadContext | undefined, to: string) {
  const { token } = await createSession(userId, clientOf(request, context));
  return redirect(to, { headers: { "Set-Cookie": await sessionCookie.serialize(token) } });
}

export async function signOut(request: Request) {
  const user = await getSessionUser(request);
  if (user) await deleteSession(user.sessionId);
  return redirect("/login", { headers: { "Set-Cookie": await sessionCookie.serialize("", { maxAge: 0 }) } });
}

/** A cookie header for a session token, for tests and scripts that sign in without the form. */
export function sessionCookieHeader(token: string) {
  return sessionCookie.serialize(token);
}
