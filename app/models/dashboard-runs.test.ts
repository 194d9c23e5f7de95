import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { performanceOverview } from "~/domain/dashboard";
import { seedDatabase } from "../../prisma/seed-database";
import { RUN_SUCCESS, runSuccessRate } from "~/domain/workflow-success";
import { dashboardCounts } from "./dashboard.server";
import { runTotals } from "./run-success.server";

const NOW = new Date("2026-06-17T14:00:00Z");

beforeEach(async () => {
  await seedDatabase(prisma, NOW);
});

const successRate = async () => performanceOverview(await dashboardCounts(NOW)).find((p) => p.label === "Workflow Success Rate")?.value;

describe("the workflow success rate: runs published of runs finished, one definition for both screens", () => {
  it("reads 92% on the seed (46 of 50 runs published), the same on the Dashboard and the Workflow screen", async () => {
    expect(await successRate()).toBe("92%");
    expect(await runTotals(NOW)).toEqual({ published: 46, finished: 50 });
    expect(runSuccessRate(await runTotals(NOW))).toBe(92);
    const note = performanceOverview(await dashboardCounts(NOW)).find((p) => p.label === RUN_SUCCESS.label)?.note;
    expect(note).toBe("46 published of 50 finished runs, last 30 days");
  });

  it("a run the reviewer returned, or approved and left unpublished, is finished but not published", async () => {
    const succeeded = await prisma.workflowRun.findMany({ where: { status: "succeeded" }, take: 4, select: { id: true } });
    await prisma.workflowRun.updateMany({ where: { id: { in: succeeded.slice(0, 2).map((r) => r.id) } }, data: { outcome: "returned" } });
    await prisma.workflowRun.updateMany({ where: { id: { in: succeeded.slice(2).map((r) => r.id) } }, data: { outcome: "approved" } });
    // 46 of 50 were published; four of them now ended otherwise: 42 of 50.
    expect(await successRate()).toBe("84%");
    expect(await runTotals(NOW)).toEqual({ published: 42, finished: 50 });
  });

  it("a run waiting for a writer or for approval is not finished yet; an older run without an outcome reads its item", async () => {
    const [first] = await prisma.workflowRun.findMany({ where: { status: "succeeded" }, take: 1, select: { id: true, contentId: true } });
    await prisma.workflowRun.update({ where: { id: first.id }, data: { status: "waiting", outcome: "needs a writer" } });
    expect(await runTotals(NOW)).toEqual({ published: 45, finished: 49 });
    await prisma.workflowRun.update({ where: { id: first.id }, data: { status: "succeeded", outcome: null } });
    expect(await runTotals(NOW)).toEqual({ published: 46, finished: 50 });
    await prisma.contentItem.update({ where: { id: first.contentId! }, data: { status: "draft" } });
    expect(await runTotals(NOW)).toEqual({ published: 45, finished: 50 });
  });

  it("counts the last 30 days only", async () => {
    const later = new Date(NOW.getTime() + 10 * 86_400_000);
    const totals = await runTotals(later);
    expect(totals.finished).toBeLessThan(50);
    expect(performanceOverview(await dashboardCounts(later)).find((p) => p.label === RUN_SUCCESS.label)?.value).toBe(
      `${runSuccessRate(totals)}%`,
    );
  });
});
