import { expect, test } from "./fixtures";
import { expectNoThirdPartyRequests, forbidThirdPartyRequests } from "./utils";

// Checks the seed's own figures: runs on the untouched database (playwright.config.ts).
const SEED = { tag: "@fresh-seed" };

const SCREENS = [
  { path: "/", label: "Dashboard" },
  { path: "/editor", label: "Content Editor" },
  { path: "/workflow", label: "Agent Workflow" },
  { path: "/library", label: "Content Library" },
  { path: "/analytics", label: "Analytics" },
  { path: "/settings", label: "Settings" },
];

test("the shell shows six entries with the active one highlighted on every screen", async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(SCREENS.map((s) => s.label));
    await expect(nav.getByRole("link", { name: screen.label })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: screen.label })).toHaveClass(/bg-indigo-50/);
  }
  await expectNoThirdPartyRequests(outside);
});

test("top bar and Team Online", SEED, async ({ page }) => {
  await page.goto("/");
  // The spec's block: four avatars and "+3" for the team of seven. Only a live session marks someone online
  // (the signed-in Admin), never the seed's last-seen times.
  const online = page.getByTestId("team-online");
  await expect(online.getByRole("listitem")).toHaveCount(4);
  await expect(online).toContainText("+3");
  // Members signed in now come first (the signed-in Admin at least; the suite's other roles may be too).
  await expect(online.getByRole("listitem").first()).toHaveAttribute("data-live", "true");
  await expect(page.getByTestId("online-count")).toHaveText(/^[1-7] of 7 online now$/);
  // Each avatar says whether that member is online now; an offline one is dimmed; none claims more than the count.
  await expect(online.getByRole("img", { name: "Sarah Chen, online now" })).toBeVisible();
  const avatars = online.getByRole("img");
  await expect(avatars).toHaveCount(4);
  let live = 0;
  for (const avatar of await avatars.all()) {
    const on = (await avatar.getAttribute("aria-label"))!.endsWith(", online now");
    if (on) live++;
    else await expect(avatar).toHaveAttribute("aria-label", /, offline$/);
    expect((await avatar.getAttribute("class"))!.includes("opacity-40")).toBe(!on);
  }
  const counted = Number((await page.getByTestId("online-count").textContent())!.split(" ")[0]);
  expect(live).toBe(Math.min(counted, 4));
  // The search's placeholder names the quick-actions shortcut; the ⌘K button stays beside it.
  await expect(page.getByRole("searchbox", { name: "Search content" })).toHaveAttribute("placeholder", /⌘K for quick actions/);
  await expect(page.getByRole("button", { name: /quick actions/ })).toBeVisible();
  await expect(page.getByTestId("unread-dot")).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Sarah Chen");
  await expect(page.getByRole("banner")).toContainText("Content Manager");
});

test("top-bar search opens the library filtered by the term", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search content" }).fill("seo");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/library\?q=seo/);
  await expect(page.getByTestId("content-card").first()).toBeVisible();
});

test("dashboard shows the seeded figures", SEED, async ({ page }) => {
  const outside = forbidThirdPartyRequests(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Sarah!");
  const card = (name: string) => page.getByRole("region", { name, exact: true });
  await expect(card("Total Drafts").getByTestId("stat-value")).toHaveText("24");
  await expect(card("Published Today").getByTestId("stat-value")).toHaveText("8");
  await expect(card("Total Views").getByTestId("stat-value")).toHaveText("12.5K");
  await expect(card("Team Activity").getByTestId("stat-value")).toHaveText("156");
  for (const name of ["Total Drafts", "Published Today", "Total Views", "Team Activity"]) {
    await expect(card(name).getByTestId("stat-change")).toHaveText(/^[+-]?\d+%$/);
  }
  await expect(card("Total Views").getByTestId("stat-change")).toHaveText("+18%");

  const recent = card("Recent Content").getByRole("listitem");
  await expect(recent).toHaveCount(3);
  await expect(recent.first()).toContainText("The Future of AI in Content Marketing");
  await expect(recent.first()).toContainText("Blog");
  await expect(recent.first()).toContainText("Sarah Chen");
  await expect(recent.first()).toContainText("Draft");

  // New Blog Post (a form POST) and the three dialogs are buttons; AI Workflow is a link.
  const actions = card("Quick Actions").getByRole("listitem");
  await expect(actions).toHaveText(["New Blog Post", "Generate Caption", "Create Visual", "Share Content", "AI Workflow"]);
  await expect(card("Quick Actions").getByRole("button")).toHaveText([
    "New Blog Post",
    "Generate Caption",
    "Create Visual",
    "Share Content",
  ]);

  const feed = page.getByTestId("activity-feed").getByRole("listitem");
  await expect(feed).toHaveCount(5);
  const types = await feed.evaluateAll((items) => items.map((i) => i.getAttribute("data-type")));
  expect(types.sort()).toEqual(["collaborate", "comment", "edit", "publish", "schedule"]);

  const perf = card("Performance Overview");
  await expect(perf).toContainText("Engagement Rate85%");
  await expect(perf).toContainText("Avg. Time Spent2.4m");
  await expect(perf).toContainText("Success Rate92%");
  await expect(perf.getByTestId("success-rate-note")).toHaveText("46 published of 50 finished runs, last 30 days");
  await expectNoThirdPartyRequests(outside);
});

test("quick action leads to the workflow screen", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "AI Workflow" }).click();
  await expect(page).toHaveURL(/\/workflow$/);
});

test("health check answers when the database does", async ({ request }) => {
  const response = await request.get("/healthcheck");
  expect(response.status()).toBe(200);
});
