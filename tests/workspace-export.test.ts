// A workspace's archive (decision 079): its Admins download it (403 for anyone else, the export logged);
// it holds every owned table's rows, its members and its upload files under checksums; imported into a
// studio without that workspace it comes back whole: the re-export's counts and checksums are the same.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { recordAudit } from "~/models/audit.server";
import { onPostgresRun } from "./engine";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { byteStore } from "~/db/byte-store.server";
import { OWNED_TABLES } from "~/db/owned-tables.server";
import { acrossWorkspaces, FIRST_WORKSPACE_ID } from "~/db/workspace-scope.server";
import { archiveProblem, MANIFEST, sha256Of, tableFile, USERS_FILE, type Manifest } from "~/domain/workspace-archive";
import { importWorkspaceArchive, readArchive, workspaceArchive } from "~/models/workspace-archive.server";
import { createWorkspace, deleteWorkspace } from "~/models/workspace.server";
import { loader } from "~/routes/settings_.export[.tar]";
import { cookieFor, freshSeed, get, run, SAMPLE } from "./route-helpers";
import { imageBytes } from "./workspace-fill";

const OWNER = { id: SAMPLE.Admin, name: "Sarah Chen" };
const manifestOf = (files: Map<string, Buffer>) => JSON.parse(files.get(MANIFEST)!.toString("utf8")) as Manifest;
const exported = () => readArchive(workspaceArchive());

let image: Buffer;
beforeEach(async () => {
  await freshSeed();
  image = imageBytes();
  const sha256 = await byteStore().keepBytes(image, "png");
  await prisma.upload.create({
    data: {
      sha256,
      mime: "image/png",
      bytes: image.length,
      alt: "Cover",
      fileName: "cover.png",
      contentId: "content-1",
      createdById: OWNER.id,
    },
  });
});

describe("GET /settings/export.tar", () => {
  it("gives an Admin the archive and logs the export; anyone else gets 403 and nothing is logged", async () => {
    const before = await prisma.auditEntry.count();
    for (const role of ["Editor", "Writer", "Analyst"] as const) {
      const refused = await run(loader, get("/settings/export.tar", await cookieFor(SAMPLE[role])));
      expect(refused.status).toBe(403);
    }
    expect(await prisma.auditEntry.count()).toBe(before);

    const request = get("/settings/export.tar", await cookieFor(SAMPLE.Admin));
    const response = (await loader({ request, params: {}, context: {} } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/x-tar");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /attachment; filename="workspace-brightpath-marketing-\d{4}-\d\d-\d\d\.tar"/,
    );
    const files = await readArchive(Readable.fromWeb(response.body as never));
    const manifest = manifestOf(files);
    expect(archiveProblem(manifest, new Map([...files].filter(([n]) => n !== MANIFEST)))).toBeNull();
    const logged = await prisma.auditEntry.findMany({ where: { action: "workspace.exported" } });
    expect(logged).toHaveLength(1);
    expect(manifest.tables.AuditEntry).toBe(before + 1); // the export's own entry is in it
  });
});

describe("the archive", () => {
  it("holds each owned table's rows, the members and the upload files, each under its checksum", async () => {
    const files = await exported();
    const manifest = manifestOf(files);
    expect(manifest.workspace).toMatchObject({ id: FIRST_WORKSPACE_ID, name: "Brightpath Marketing" });
    expect(Object.keys(manifest.tables).sort()).toEqual(OWNED_TABLES.map((t) => t.model).sort());
    expect(manifest.tables.ContentItem).toBe(await prisma.contentItem.count());
    expect(manifest.tables.Comment).toBe(await prisma.comment.count());
    expect(manifest.tables.ContentMetric).toBe(await prisma.contentMetric.count());
    expect(manifest.tables.Settings).toBe(1);
    expect(JSON.parse(files.get(USERS_FILE)!.toString())).toHaveLength(7);
    expect(files.get(USERS_FILE)!.toString()).not.toMatch(/passwordHash|scrypt/);
    const upload = `uploads/${sha256Of(image)}.png`;
    expect(files.get(upload)).toEqual(image);
    for (const [name, { sha256 }] of Object.entries(manifest.files)) expect(sha256Of(files.get(name)!), name).toBe(sha256);
  });

  it("imported where its workspace is not, comes back whole: the re-export's counts and checksums match", async () => {
    const first = await exported();
    // The studio keeps a workspace, loses the first (rows and bytes), then takes it back from the archive.
    const spare = await createWorkspace("Spare", OWNER);
    expect(spare.ok).toBe(true);
    expect(await deleteWorkspace(FIRST_WORKSPACE_ID, "Brightpath Marketing", OWNER)).toMatchObject({ ok: true });
    expect(await acrossWorkspaces(() => prisma.contentItem.count({ where: { workspaceId: FIRST_WORKSPACE_ID } }))).toBe(0);
    expect(await byteStore().loadBytes(sha256Of(image), "png")).toBeNull();

    const imported = await importWorkspaceArchive(first);
    expect(imported).toMatchObject({ ok: true, workspaceId: FIRST_WORKSPACE_ID, users: 0 });

    const again = await exported();
    const [a, b] = [manifestOf(first), manifestOf(again)];
    expect(b.tables).toEqual(a.tables);
    expect(b.files).toEqual(a.files);
    expect(b.workspace).toEqual(a.workspace);
    expect(await byteStore().loadBytes(sha256Of(image), "png")).toEqual(image);
  });

  it("is refused, with nothing written, when the workspace is here already or a file does not match its checksum", async () => {
    const files = await exported();
    expect(await importWorkspaceArchive(files)).toEqual({
      ok: false,
      error: `This studio already has a workspace with the id “${FIRST_WORKSPACE_ID}”: nothing was imported.`,
    });
    const tampered = new Map(files);
    const items = tampered.get(tableFile("ContentItem"))!.toString().replace(`"title":"`, `"title":"Changed: `);
    tampered.set(tableFile("ContentItem"), Buffer.from(items));
    const workspaces = await acrossWorkspaces(() => prisma.workspace.count());
    expect(await importWorkspaceArchive(tampered)).toEqual({
      ok: false,
      error: "The archive was not imported: tables/ContentItem.json does not match its checksum in the manifest.",
    });
    expect(await acrossWorkspaces(() => prisma.workspace.count())).toBe(workspaces);
  });
});

describe("an import whose rows this studio holds already", () => {
  it("stops with the table named and writes nothing", async () => {
    const files = await exported();
    // The same rows under another workspace id (and without audit entries, whose seqs would be refused first).
    const copy = new Map(files);
    const manifest = manifestOf(files);
    const noEntries = Buffer.from("[]\n");
    copy.set(tableFile("AuditEntry"), noEntries);
    manifest.workspace = { ...manifest.workspace, id: "copy", name: "Copy" };
    manifest.tables.AuditEntry = 0;
    manifest.files[tableFile("AuditEntry")] = { sha256: sha256Of(noEntries), bytes: noEntries.length };
    copy.set(MANIFEST, Buffer.from(JSON.stringify(manifest)));
    const result = await importWorkspaceArchive(copy);
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The import stopped and wrote no rows \(ContentItem: .+\)\.$/),
    });
    expect(await acrossWorkspaces(() => prisma.workspace.findUnique({ where: { id: "copy" } }))).toBeNull();
  });
});

// The script, as a person runs it: into an empty studio (a migrated SQLite file with no rows), whose
// audit chain then starts at the archive's entries and verifies.
describe.skipIf(onPostgresRun)("npm run workspace:import", () => {
  const script = (name: string, args: string[], env: NodeJS.ProcessEnv) =>
    promisify(execFile)("npx", ["tsx", `scripts/${name}.ts`, ...args], { env }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  it("imports the archive into a new studio's empty first workspace, then refuses it a second time", async () => {
    for (const title of ["One", "Two"])
      await recordAudit({
        actor: { kind: "member", id: OWNER.id, name: OWNER.name },
        action: "content.created",
        object: { type: "content", title },
      });
    const dir = fs.mkdtempSync(path.resolve("tests/.tmp/import-"));
    const archive = path.join(dir, "first.tar");
    await pipeline(workspaceArchive(), fs.createWriteStream(archive));
    const file = path.join(dir, "empty.db");
    fs.copyFileSync(path.resolve("tests/.tmp/template.db"), file);
    const env = { ...process.env, DATABASE_URL: `file:${file}`, UPLOAD_DIR: path.join(dir, "uploads") };

    // A new studio has an empty "first" (its migration's): refused without --into-empty, replaced with it.
    const refused = await script("workspace-import", [archive], env);
    expect(refused).toMatchObject({ code: 1, out: expect.stringContaining("already has a workspace with the id “first”") });
    const first = await script("workspace-import", [archive, "--into-empty"], env);
    expect(first, first.out).toMatchObject({ code: 0, out: expect.stringContaining("Imported “Brightpath Marketing” (id first)") });
    expect(first.out).toContain("7 accounts new to this studio");
    expect(fs.existsSync(path.join(dir, "uploads", `${sha256Of(image)}.png`))).toBe(true);
    const verified = await script("audit-verify", [], env);
    expect(verified, verified.out).toMatchObject({ code: 0, out: expect.stringContaining("The audit log is intact: 2 entries") });

    const again = await script("workspace-import", [archive, "--into-empty"], env);
    expect(again).toMatchObject({
      code: 1,
      out: expect.stringContaining("already has a workspace with the id “first”, and it holds rows"),
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
