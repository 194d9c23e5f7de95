import { describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { dashboardStats } from "~/domain/dashboard";
import { seedDatabase } from "../../prisma/seed-database";
import { recentActivity } from "./activity.server";
import { recentContent } from "./content.server";
import { dashboardCounts } from "./dashboard.server";

describe("a seed made just after midnight (UTC)", () => {
  it("still shows 8 published today, the sample article first and one event of each type", async () => {
    const now = new Date("2026-06-17T00:03:00Z");
    await seedDatabase(prisma, now);
    const stats = dashboardStats(await dashboardCounts(now));
    expect(stats.find((s) => s.id === "published")?.value).toBe("8");
    expect((await recentContent(3))[0].id).toBe("content-sample");
    const types = (await recentActivity(5)).map((e) => e.type).sort();
    expect(types).toEqual(["collaborate", "comment", "edit", "publish", "schedule"]);
  });
});
