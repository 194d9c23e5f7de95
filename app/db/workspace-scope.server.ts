import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The workspace a piece of work runs in (decision 073). A request starts with no workspace and takes
 * one when it knows who asks (the member's session, a review link's, API token's or site's row);
 * a job takes its row's. The data layer reads it for every query on an owned model
 * (workspace-queries.server.ts), so no caller remembers a `where`. INSTANCE is for the few that work
 * across workspaces on purpose: migrations, the seed, copies and job claims.
 */
// Symbol.for: one value for every copy of this module (the seed imports it by a relative path, the app by ~/).
export const INSTANCE: unique symbol = Symbol.for("studio.across-workspaces");

/** The workspace a studio upgraded from one team starts with, and the seed's demo team. */
export const FIRST_WORKSPACE_ID = "first";

type Scope = { workspaceId: string | typeof INSTANCE | null };

declare global {
  var __workspaceScope: AsyncLocalStorage<Scope> | undefined;
  var __testWorkspaceScope: Scope | null | undefined;
}

// One per process, whichever copy of this module asks (dev rebuilds, tests that load modules afresh).
const storage = (globalThis.__workspaceScope ??= new AsyncLocalStorage<Scope>());

export class NoWorkspaceError extends Error {
  constructor() {
    super("No workspace is in scope for this query: the request or job did not say whose data it reads.");
  }
}

// Awaited inside the scope: a Prisma query runs when it is awaited, and must run in the scope it was made for.
const inScope = <T>(scope: Scope, work: () => T | Promise<T>): Promise<T> => storage.run(scope, async () => await work());

/** Runs `work` with no workspace yet; enterWorkspace sets it for the rest of that work. */
export function withRequestScope<T>(work: () => T | Promise<T>): Promise<T> {
  return inScope({ workspaceId: null }, work);
}

/** Runs `work` in one workspace (a job's row, a test's second workspace). */
export function withWorkspace<T>(workspaceId: string, work: () => T | Promise<T>): Promise<T> {
  return inScope({ workspaceId }, work);
}

/** Runs `work` across every workspace: no filter is added and nothing is stamped. */
export function acrossWorkspaces<T>(work: () => T | Promise<T>): Promise<T> {
  return inScope({ workspaceId: INSTANCE }, work);
}

/** A row found by an instance-wide key (a token, a code): the request then works in the row's workspace. */
export async function enterWorkspaceOf<T extends { workspaceId: string }>(find: () => Promise<T | null>): Promise<T | null> {
  const row = await acrossWorkspaces(find);
  if (row) enterWorkspace(row.workspaceId);
  return row;
}

/** The request now works in this workspace (the session's, a token's). */
export function enterWorkspace(workspaceId: string): void {
  const scope = storage.getStore() ?? globalThis.__testWorkspaceScope;
  if (!scope) throw new NoWorkspaceError();
  scope.workspaceId = workspaceId;
}

/** The workspace in scope, INSTANCE across all, or the error when nothing said. */
export function scopeOfQuery(): string | typeof INSTANCE {
  const workspaceId = (storage.getStore() ?? globalThis.__testWorkspaceScope)?.workspaceId;
  if (workspaceId == null) throw new NoWorkspaceError();
  return workspaceId;
}

/** The workspace in scope, for raw SQL in app/db and for rows that name it. */
export function currentWorkspaceId(): string {
  const scope = scopeOfQuery();
  if (scope === INSTANCE) throw new NoWorkspaceError();
  return scope;
}

// Vitest calls loaders and models outside any request: each test runs as one request in the first
// workspace unless it enters another (tests/setup-db.ts resets it before each test).
export function resetTestScope(workspaceId: string | typeof INSTANCE | null = FIRST_WORKSPACE_ID): void {
  globalThis.__testWorkspaceScope = { workspaceId };
}

/** For a script's top level (a copy, a bench): the rest of the script runs in this scope. */
export function enterScriptScope(workspaceId: string | typeof INSTANCE): void {
  storage.enterWith({ workspaceId });
}

/** The scope as it stands, without refusing: null when no workspace was said (the database's wall then shows no owned row). */
export function scopeIfSaid(): string | typeof INSTANCE | null {
  return (storage.getStore() ?? globalThis.__testWorkspaceScope)?.workspaceId ?? null;
}
