import { thisWorkspace } from "~/db/workspace-keys.server";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { seedDatabase } from "./seed-database";

async function dump() {
  return {
    users: await prisma.user.findMany({ orderBy: { id: "asc" } }),
    content: await prisma.contentItem.findMany({ orderBy: { id: "asc" }, include: { tags: { orderBy: { name: "asc" } } } }),
    metrics: await prisma.contentMetric.findMany({ orderBy: [{ contentId: "asc" }, { date: "asc" }] }),
    events: await prisma.activityEvent.findMany({ orderBy: { id: "asc" } }),
    comments: await prisma.comment.findMany({ orderBy: { id: "asc" } }),
    agents: await prisma.agent.findMany({ orderBy: { id: "asc" } }),
    runs: await prisma.workflowRun.findMany({ orderBy: { id: "asc" }, include: { steps: { orderBy: { id: "asc" } } } }),
    tones: await prisma.brandTone.findMany({ orderBy: { id: "asc" } }),
    integrations: await prisma.integration.findMany({ orderBy: { id: "asc" } }),
    settings: await prisma.settings.findMany(),
    chains: await prisma.approvalChain.findMany(),
  };
}

describe("seed", () => {
  it("is idempotent: seeding twice at the same moment leaves the same data", async () => {
    const now = new Date("2026-03-10T15:30:00Z");
    await seedDatabase(prisma, now);
    const first = await dump();
    await prisma.comment.create({ data: { id: "stray", body: "x", contentId: "content-sample", authorId: "user-sarah" } });
    await prisma.approvalChain.create({ data: { name: "Stray chain", scopeKind: "all", steps: "[]" } });
    await seedDatabase(prisma, now);
    expect(await dump()).toEqual(first);
    expect(first.content).toHaveLength(60);
  });
  it("holds the spec's reference data", async () => {
    await seedDatabase(prisma, new Date());
    expect((await prisma.brandTone.findMany({ orderBy: { position: "asc" } })).map((t) => t.id)).toEqual([
      "professional",
      "friendly",
      "witty",
      "inspirational",
      "casual",
    ]);
    const connected = await prisma.integration.findMany({ where: { connected: true }, orderBy: { id: "asc" } });
    expect(connected.map((i) => i.id)).toEqual(["linkedin", "twitter"]);
    const settings = await prisma.settings.findUniqueOrThrow({ where: thisWorkspace() });
    expect(settings).toMatchObject({ generationThreshold: 85, creativityLevel: "Balanced", workflowRunning: false });
    const roles = new Set((await prisma.membership.findMany()).map((m) => m.role));
    expect(roles).toEqual(new Set(["Editor", "Writer", "Admin", "Analyst"]));
  });
});
