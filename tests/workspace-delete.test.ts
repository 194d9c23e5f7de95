// Deleting a workspace removes everything it holds (decision 079): every row of every owned table (found
// from the schema, so a new table is checked too) and its upload bytes; the other workspace keeps all of its.
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { byteStore } from "~/db/byte-store.server";
import { delegateIn, OWNED_TABLES, type OwnedTable } from "~/db/owned-tables.server";
import { uploadDir } from "~/db/sqlite/upload-files.server";
import { acrossWorkspaces, FIRST_WORKSPACE_ID } from "~/db/workspace-scope.server";
import { onPostgresRun } from "./engine";
import { freshSeed } from "./route-helpers";
import { filledWorkspace, imageBytes } from "./workspace-fill";
import { deleteWorkspace } from "~/models/workspace.server";
import { recordAudit } from "~/models/audit.server";
import { verifyAuditChain } from "~/models/audit-chain.server";
import { createHash } from "node:crypto";

const OWNER = { id: "user-sarah", name: "Sarah Chen" };

/** Each owned table's rows of the workspace (a reached-through table by its parent's rows). */
function countsOf(workspaceId: string) {
  return acrossWorkspaces(async () => {
    const counts: Record<string, number> = {};
    for (const table of OWNED_TABLES) counts[table.model] = await countIn(table, workspaceId);
    return counts;
  });
}
async function countIn(table: OwnedTable, workspaceId: string) {
  if (!table.via.parent) return delegateIn(prisma, table).count({ where: { workspaceId } });
  const parents = await delegateIn(
    prisma,
    OWNED_TABLES.find((t) => t.model === table.via.parent)!,
  ).findMany({
    where: { workspaceId },
    select: { id: true },
  });
  return delegateIn(prisma, table).count({ where: { [table.via.field]: { in: parents.map((p) => p.id) } } });
}
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const bytesKept = (bytes: Buffer) => byteStore().loadBytes(sha(bytes), "png");

beforeEach(async () => {
  await freshSeed();
});

describe("deleting a workspace", () => {
  it("finds the owned tables from the schema, and leaves the instance's out", () => {
    const models = OWNED_TABLES.map((t) => t.model);
    expect(models).toEqual(
      expect.arrayContaining(["ContentItem", "AuditEntry", "Upload", "ChannelPost", "ApiToken", "Membership", "ContentMetric"]),
    );
    for (const instance of [
      "User",
      "Session",
      "Workspace",
      "AuditChainHead",
      "AuditHeadDelivery",
      "TrackerSalt",
      "DataRevision",
      "UploadBlob",
    ])
      expect(models).not.toContain(instance);
  });

  it("removes every row of every owned table and its upload bytes; the first workspace keeps all of its", async () => {
    // An image the first workspace uploaded too: its bytes stay, the other workspace's upload still names them.
    const shared = imageBytes();
    const sha256 = await byteStore().keepBytes(shared, "png");
    await prisma.upload.create({
      data: { sha256, mime: "image/png", bytes: shared.length, alt: "Shared", fileName: "s.png", createdById: OWNER.id },
    });
    const acme = await filledWorkspace("Acme", shared);

    const filled = await countsOf(acme.id);
    const empty = Object.entries(filled)
      .filter(([, n]) => n === 0)
      .map(([model]) => model);
    expect(empty, "every owned table holds a row of the filled workspace (fill a new table in tests/workspace-fill.ts)").toEqual([]);
    // The first workspace writes an entry after Acme's: Acme's leave a gap inside the one chain.
    await recordAudit({ actor: { kind: "system", id: null, name: "Test" }, action: "content.created", object: { type: "content" } });
    const firstBefore = await countsOf(FIRST_WORKSPACE_ID);
    expect(await bytesKept(acme.ownBytes)).not.toBeNull();
    if (!onPostgresRun) expect(fs.existsSync(path.join(uploadDir(), `${sha(acme.ownBytes)}.png`))).toBe(true);

    expect(await verifyAuditChain()).toMatchObject({ ok: true });
    const deleted = await deleteWorkspace(acme.id, "Acme", OWNER);
    expect(deleted).toMatchObject({ ok: true, files: 1 });
    // The chain still verifies: the deletion's own chained entry names the run it took (decision 079).
    expect(await verifyAuditChain()).toMatchObject({ ok: true });

    const after = await countsOf(acme.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await acrossWorkspaces(() => prisma.workspace.findUnique({ where: { id: acme.id } }))).toBeNull();
    // Its own bytes are gone (the file on SQLite, the row on PostgreSQL); the shared image's are kept.
    expect(await bytesKept(acme.ownBytes)).toBeNull();
    if (!onPostgresRun) expect(fs.existsSync(path.join(uploadDir(), `${sha(acme.ownBytes)}.png`))).toBe(false);
    else expect(await prisma.uploadBlob.count({ where: { sha256: sha(acme.ownBytes) } })).toBe(0);
    expect(await bytesKept(shared)).not.toBeNull();
    // The first workspace: every count as it was, except the instance's entry (workspace "", not first's).
    expect(await countsOf(FIRST_WORKSPACE_ID)).toEqual(firstBefore);
    expect(await acrossWorkspaces(() => prisma.auditEntry.count({ where: { workspaceId: "", action: "workspace.deleted" } }))).toBe(1);
  });

  it("a run of entries the deletion did not name is still reported removed", async () => {
    const acme = await filledWorkspace("Acme");
    const system = { kind: "system" as const, id: null, name: "Test" };
    // A first-workspace entry dated past the retention, so the trigger lets it be deleted by hand.
    await recordAudit({ actor: system, action: "content.created", object: { type: "content", id: "old" } }, prisma, new Date("2020-01-01"));
    await recordAudit({ actor: system, action: "content.created", object: { type: "content" } });
    await deleteWorkspace(acme.id, "Acme", OWNER);
    expect(await verifyAuditChain()).toMatchObject({ ok: true });
    await prisma.auditEntry.deleteMany({ where: { objectId: "old" } });
    expect(await verifyAuditChain()).toMatchObject({ ok: false, problem: { kind: "removed" } });
  });

  it("is all or nothing: a refused delete leaves every row", async () => {
    const acme = await filledWorkspace("Acme");
    const before = await countsOf(acme.id);
    expect(await deleteWorkspace(acme.id, "acme", OWNER)).toMatchObject({ ok: false, kind: "invalid" });
    expect(await countsOf(acme.id)).toEqual(before);
    expect(await bytesKept(acme.ownBytes)).not.toBeNull();
  });
});
