import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { summarize } from "~/domain/analytics";
import { formatChange } from "~/domain/change";
import { dashboardStats, performanceOverview } from "~/domain/dashboard";
import { lastDays } from "~/domain/dates";
import { formatCompact, formatMinutes, formatPercent } from "~/domain/format";
import { averageRate } from "~/domain/workflow";
import { seedDatabase } from "../../prisma/seed-database";
import { listAgents } from "./agent.server";
import { periodTotals } from "./analytics.server";
import { dashboardCounts } from "./dashboard.server";
import { listTeamOnline } from "./user.server";

// A fixed moment mid-day, so 'today' has room before and after it.
const NOW = new Date("2026-06-17T14:00:00Z");

beforeAll(async () => {
  await seedDatabase(prisma, NOW);
});

describe("figures computed from the seeded data", () => {
  it("dashboard cards equal the spec's sample figures", async () => {
    const stats = dashboardStats(await dashboardCounts(NOW));
    expect(stats.map((s) => [s.title, s.value])).toEqual([
      ["Total Drafts", "24"],
      ["Published Today", "8"],
      ["Total Views", "12.5K"],
      ["Team Activity", "156"],
    ]);
    expect(stats.map((s) => s.change)).toEqual(["+20%", "+33%", "+18%", "+12%"]);
  });

  it("performance overview shows 85%, 2.4m and 92%", async () => {
    const overview = performanceOverview(await dashboardCounts(NOW));
    expect(overview.map((p) => p.value)).toEqual(["85%", "2.4m", "92%"]);
  });

  it("analytics summary for 30 days equals 12.5K +18%, 3.2K +24%, 2.4m +12%, 85% +5%", async () => {
    const { current, previous } = lastDays(NOW, 30);
    const s = summarize(await periodTotals(current), await periodTotals(previous));
    expect([formatCompact(s.views.value), formatChange(s.views.change)]).toEqual(["12.5K", "+18%"]);
    expect([formatCompact(s.shares.value), formatChange(s.shares.change)]).toEqual(["3.2K", "+24%"]);
    expect([formatMinutes(s.avgTimeSec.value), formatChange(s.avgTimeSec.change)]).toEqual(["2.4m", "+12%"]);
    expect([formatPercent(s.engagementRate.value), formatChange(s.engagementRate.change)]).toEqual(["85%", "+5%"]);
  });

  it("agent success rates span 92–100 and average to 97", async () => {
    const agents = await listAgents();
    const rates = agents.map((a) => a.successRate);
    expect(agents.map((a) => a.name)).toEqual([
      "Content Input",
      "AI Generator",
      "Content Editor",
      "Style Optimizer",
      "Quality Reviewer",
      "Publisher",
    ]);
    expect(Math.min(...(rates as number[]))).toBe(92);
    expect(Math.max(...(rates as number[]))).toBe(100);
    expect(averageRate(rates)).toBe(97);
  });

  it("Team Online shows the seven members (four avatars and +3), and nobody online from the seed's last-seen times", async () => {
    const team = await listTeamOnline(NOW);
    expect(team).toHaveLength(7);
    expect(team.filter((m) => m.live)).toEqual([]);
  });

  it("a member with a live session is marked online and comes first; an expired or idle session is not", async () => {
    await prisma.session.createMany({
      data: [
        {
          id: "live",
          userId: "user-david",
          createdAt: NOW,
          lastUsedAt: new Date(NOW.getTime() - 60_000),
          expiresAt: new Date(NOW.getTime() + 86_400_000),
        },
        {
          id: "idle",
          userId: "user-emma",
          createdAt: NOW,
          lastUsedAt: new Date(NOW.getTime() - 3_600_000),
          expiresAt: new Date(NOW.getTime() + 86_400_000),
        },
        { id: "expired", userId: "user-lena", createdAt: NOW, lastUsedAt: NOW, expiresAt: new Date(NOW.getTime() - 1) },
      ],
    });
    const team = await listTeamOnline(NOW);
    expect(team[0]).toMatchObject({ id: "user-david", live: true });
    expect(team.filter((m) => m.live).map((m) => m.id)).toEqual(["user-david"]);
  });
});
