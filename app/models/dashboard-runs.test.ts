import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { performanceOverview } from "~/domain/dashboard";
import { seedDatabase } from "../../prisma/seed-database";
import { dashboardCounts } from "./dashboard.server";

const NOW = new Date("2026-06-17T14:00:00Z");

beforeEach(async () => {
  await seedDatabase(prisma, NOW);
});

const successRate = async () => performanceOverview(await dashboardCounts(NOW)).find((p) => p.label === "Workflow Success Rate")?.value;

describe("the dashboard's workflow success rate", () => {
  it("does not count a run the reviewer returned to draft as a success", async () => {
    expect(await successRate()).toBe("92%");
    const succeeded = await prisma.workflowRun.findMany({ where: { status: "succeeded" }, take: 4, select: { id: true } });
    await prisma.workflowRun.updateMany({ where: { id: { in: succeeded.map((r) => r.id) } }, data: { outcome: "returned" } });
    // 46 of 50 succeeded; four of them were returned, so 42 of 50 achieved something.
    expect(await successRate()).toBe("84%");
  });

  it("counts approved and published runs as successes", async () => {
    const succeeded = await prisma.workflowRun.findMany({ where: { status: "succeeded" }, take: 4, select: { id: true } });
    await prisma.workflowRun.updateMany({ where: { id: { in: succeeded.slice(0, 2).map((r) => r.id) } }, data: { outcome: "approved" } });
    await prisma.workflowRun.updateMany({ where: { id: { in: succeeded.slice(2).map((r) => r.id) } }, data: { outcome: "published" } });
    expect(await successRate()).toBe("92%");
  });
});
