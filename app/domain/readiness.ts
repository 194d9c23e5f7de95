// The readiness answer (/readyz): each dependency the studio needs, and whether it is ready. Liveness
// stays /healthcheck (the process answers); readiness says whether it should be sent traffic.

export interface DependencyState {
  ready: boolean;
  /** A short phrase: "reachable", "not configured", "3 pending: …". */
  state: string;
}
export type Dependency = "database" | "redis" | "migrations";

export interface ReadinessAnswer {
  ready: boolean;
  /** The dependencies that are not ready, by name; empty when all are. */
  notReady: Dependency[];
  dependencies: Record<Dependency, DependencyState>;
}

export function readinessAnswer(dependencies: Record<Dependency, DependencyState>): { status: 200 | 503; body: ReadinessAnswer } {
  const notReady = (Object.keys(dependencies) as Dependency[]).filter((name) => !dependencies[name].ready);
  return { status: notReady.length ? 503 : 200, body: { ready: notReady.length === 0, notReady, dependencies } };
}

/** A failure's reason in one short line: its code (ECONNREFUSED) or its message's first line. */
export function shortReason(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string" && code) return code;
  return (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 120);
}
