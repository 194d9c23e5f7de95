import type { AppLoadContext } from "@remix-run/node";
import Database from "better-sqlite3";
import { prisma } from "~/db/db.server";
import { acrossWorkspaces } from "~/db/workspace-scope.server";
import { createSession } from "~/models/session.server";
import { sessionCookieHeader } from "~/web/session.server";
import { seedDatabase } from "../prisma/seed-database";
import { TEST_ENGINE } from "./engine";
import { keepSeed, restoreSeed } from "./postgres-seed-snapshot";

export const ORIGIN = "http://studio.test";
export const SAMPLE = { Admin: "user-sarah", Editor: "user-marcus", Writer: "user-priya", Analyst: "user-david" } as const;
export type SampleRole = keyof typeof SAMPLE;

/** A seed is reused for this long after it was kept: restoring costs milliseconds, seeding ~270 ms (SQLite) or ~0.5 s (PostgreSQL). */
const REUSE_SEED_MS = 5_000;
let lastSeed: { at: number; keptAt: number } | null = null;

const sqliteFile = () => (process.env.DATABASE_URL ?? "").replace(/^file:/, "");

/** SQLite's backup API, from one file to another. */
async function copySqlite(from: string, to: string) {
  const db = new Database(from, { readonly: true });
  try {
    await db.backup(to);
  } finally {
    db.close();
  }
}

/** Where a seed is kept and how it is put back: a file beside the database, or a schema in it. */
const kept =
  TEST_ENGINE === "postgresql"
    ? { keep: () => acrossWorkspaces(() => keepSeed(prisma)), restore: () => acrossWorkspaces(() => restoreSeed(prisma)) }
    : { keep: () => copySqlite(sqliteFile(), `${sqliteFile()}.seed`), restore: () => copySqlite(`${sqliteFile()}.seed`, sqliteFile()) };

/**
 * The sample data, as `npx prisma db seed` writes it, at `now`. Without `now`, a seed kept less than
 * 5 s ago is copied back over the database instead (its times are then a few seconds old).
 * Returns the time the data was seeded at, for tests that run a clock from it.
 */
export async function freshSeed(now?: Date): Promise<Date> {
  if (!now && lastSeed && Date.now() - lastSeed.keptAt < REUSE_SEED_MS) {
    await kept.restore();
    return new Date(lastSeed.at);
  }
  const at = now ?? new Date();
  await seedDatabase(prisma, at);
  if (now) return at;
  await kept.keep();
  lastSeed = { at: at.getTime(), keptAt: Date.now() };
  return at;
}

/** A Cookie header carrying a new database session for the member. */
export async function cookieFor(userId: string): Promise<string> {
  const { token } = await createSession(userId, { userAgent: "vitest", ip: "127.0.0.1" });
  return (await sessionCookieHeader(token)).split(";")[0];
}

export function get(path: string, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A same-site form POST; repeated fields come from array values. */
export function post(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

export const context = (clientIp = "203.0.113.7") => ({ clientIp }) as AppLoadContext;

type Handler = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

export interface Outcome {
  status: number;
  body: unknown;
  headers: Headers;
}

/** Runs a loader or action as Remix would, turning returned or thrown responses and data() into one shape. */
export async function run(handler: Handler, request: Request, params: Record<string, string> = {}, ctx = context()): Promise<Outcome> {
  let result: unknown;
  try {
    result = await handler({ request, params, context: ctx });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* plain text */
    }
    return { status: result.status, body, headers: result.headers };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  if (result instanceof Error) throw result;
  return { status: 200, body: result, headers: new Headers() };
}
