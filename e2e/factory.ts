// Test-only data written straight into a server's SQLite file (the server reads it at once:
// the page cache watches PRAGMA data_version, which sees other connections' writes).
import Database from "better-sqlite3";
import { createHash, randomBytes, randomUUID } from "node:crypto";

export type Db = Database.Database;
export type Role = "Admin" | "Editor" | "Writer" | "Analyst";
export type Member = { id: string; name: string; email: string; role: Role; title: string };

export const openDb = (file: string): Db => {
  const db = new Database(file, { timeout: 10_000 });
  db.pragma("journal_mode = WAL");
  return db;
};

// As Prisma's SQLite adapter stores DateTime: ISO text with an explicit offset.
const at = (d = new Date()) => d.toISOString().replace("Z", "+00:00");

/** A member with the demo password (the seed's hash for sarah, copied). */
export function createMember(db: Db, role: Role, label: string = role): Member {
  const tag = randomUUID().slice(0, 8);
  const member = { id: `e2e-${tag}`, name: `${label} ${tag}`, email: `e2e-${tag}@studio.test`, role, title: `E2E ${label}` };
  const { passwordHash } = db.prepare("SELECT passwordHash FROM User WHERE email = 'sarah@studio.test'").get() as { passwordHash: string };
  db.prepare(
    "INSERT INTO User (id, name, email, title, status, passwordHash, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'active', ?, ?, ?)",
  ).run(member.id, member.name, member.email, member.title, passwordHash, at(), at());
  // A member of the first workspace (decision 073), where the seed's team is.
  db.prepare("INSERT INTO Membership (workspaceId, userId, role, status, createdAt) VALUES ('first', ?, ?, 'active', ?)").run(
    member.id,
    role,
    at(),
  );
  return member;
}

/** A signed-in session: the cookie value the browser would hold (Remix's unsigned cookie encoding). */
export function createSession(db: Db, userId: string): string {
  const token = randomBytes(32).toString("base64url");
  const id = createHash("sha256").update(token).digest("hex");
  const now = new Date();
  db.prepare(
    "INSERT INTO Session (id, userId, createdAt, lastUsedAt, expiresAt, userAgent, ip) VALUES (?, ?, ?, ?, ?, 'playwright', '')",
  ).run(id, userId, at(now), at(now), at(new Date(now.getTime() + 30 * 86_400_000)));
  return Buffer.from(JSON.stringify(token)).toString("base64");
}

export const cookie = (value: string) => ({
  name: "studio_session",
  value,
  domain: "localhost",
  path: "/",
  expires: -1,
  httpOnly: true,
  secure: true,
  sameSite: "Lax" as const,
});

export const memberByEmail = (db: Db, email: string) =>
  db
    .prepare(
      "SELECT u.id, u.name, u.email, m.role, u.title FROM User u JOIN Membership m ON m.userId = u.id AND m.workspaceId = 'first' WHERE u.email = ?",
    )
    .get(email) as Member;

/** Removes what a fixture created; sessions, notifications and the like cascade. */
export function deleteMember(db: Db, id: string) {
  try {
    db.prepare("DELETE FROM User WHERE id = ?").run(id);
  } catch (e) {
    // Content or events they authored keep them (no cascade there); the worker's copy is dropped anyway.
    // SQLite reports it as SQLITE_CONSTRAINT_TRIGGER when the check fails inside a trigger's cascade.
    if (!/FOREIGN KEY constraint failed/.test((e as Error).message)) throw e;
  }
}

/**
 * A run the Quality Reviewer is holding for approval: a one-step pipeline from a brief, so approving
 * it finishes the run (nothing left for the runner to do).
 */
export function createWaitingRun(db: Db, title: string): string {
  const runId = `e2e-run-${randomUUID().slice(0, 8)}`;
  const now = at();
  db.prepare(
    `INSERT INTO WorkflowRun (workspaceId, id, status, createdAt, startedAt, briefTitle, brief, briefType, pipeline, outcome)
     VALUES ('first', ?, 'waiting', ?, ?, ?, 'A brief written by the e2e factory.', 'blog', '["agent-reviewer"]', 'waiting')`,
  ).run(runId, now, now, title);
  db.prepare(
    `INSERT INTO WorkflowStep (workspaceId, id, runId, agentId, attempt, status, startedAt, position, note)
     VALUES ('first', ?, ?, 'agent-reviewer', 1, 'running', ?, 0, 'Quality score 71 is below the threshold 85')`,
  ).run(`${runId}-step`, runId, now);
  db.prepare(
    `INSERT INTO WorkflowJob (workspaceId, id, runId, position, agentId, status, attempt, maxAttempts, availableAt, idempotencyKey, createdAt, updatedAt)
     VALUES ('first', ?, ?, 0, 'agent-reviewer', 'waiting', 1, 3, ?, ?, ?, ?)`,
  ).run(`${runId}-job`, runId, now, `${runId}:0`, now, now);
  return runId;
}

/**
 * A run the Agent Workflow screen shows as in progress (so the screen polls), with no job for the
 * runner to take. Remove it with `deleteRun` when done.
 */
export function createRunningRun(db: Db, title: string): string {
  const runId = `e2e-run-${randomUUID().slice(0, 8)}`;
  const now = at();
  db.prepare(
    `INSERT INTO WorkflowRun (workspaceId, id, status, createdAt, startedAt, briefTitle, brief, briefType, pipeline)
     VALUES ('first', ?, 'running', ?, ?, ?, 'A brief written by the e2e factory.', 'blog', '["agent-reviewer"]')`,
  ).run(runId, now, now, title);
  return runId;
}

export function deleteRun(db: Db, runId: string) {
  db.prepare(`DELETE FROM WorkflowRun WHERE id = ?`).run(runId);
}

/** Tables a studio fills by being used; emptied, the studio looks as it does on its first day. */
const USAGE_TABLES = [
  "WorkflowJob",
  "WorkflowStep",
  "WorkflowRun",
  "PublishDelivery",
  "ChannelPost",
  "ContentItem",
  "ActivityEvent",
  "Notification",
  "ContentMetricDaily",
  "ContentMetricMonthly",
  "ChannelMetricDaily",
  "UnassignedPageDaily",
];

/** Removes all content, runs, activity and figures (members, agents and settings stay). */
export function emptyStudio(db: Db) {
  db.pragma("foreign_keys = ON");
  db.transaction(() => {
    for (const table of USAGE_TABLES) db.prepare(`DELETE FROM "${table}"`).run();
  })();
}

/** A content item of the seed with no channel posts yet: a post made for it is the only one it has. */
export const itemWithoutPosts = (db: Db) =>
  db
    .prepare(
      "SELECT id, title FROM ContentItem c WHERE NOT EXISTS (SELECT 1 FROM ChannelPost p WHERE p.contentId = c.id) ORDER BY title LIMIT 1",
    )
    .get() as { id: string; title: string };

/** A channel post in a given status at a given time (the calendar shows it on that day). */
export function createChannelPost(db: Db, input: { contentId: string; channel: string; status: string; scheduledAt: Date }): string {
  const id = `e2e-post-${randomUUID().slice(0, 8)}`;
  const { id: authorId } = db.prepare("SELECT id FROM User WHERE email = 'sarah@studio.test'").get() as { id: string };
  db.prepare(
    `INSERT INTO ChannelPost (workspaceId, id, contentId, channel, text, status, scheduledAt, createdById, createdAt, updatedAt)
     VALUES ('first', ?, ?, ?, 'Written by the e2e factory.', ?, ?, ?, ?, ?)`,
  ).run(id, input.contentId, input.channel, input.status, at(input.scheduledAt), authorId, at(), at());
  return id;
}

export function deleteChannelPost(db: Db, id: string) {
  db.prepare("DELETE FROM ChannelPost WHERE id = ?").run(id);
}
