// Issue 36's journey: an Admin connects X and LinkedIn with the team's own apps and Mastodon on its
// instance, each through its consent page, then publishes an item with its card. Each fake network on
// loopback receives exactly one post, with that network's own text and the image, and the item's
// Channels panel links to each post where the network shows it.
import { E2E } from "./env";
import { expect, test, type Page } from "./fixtures";
import { startFakeNetwork, type FakeNetwork } from "../tests/fake-network";
import { postForm } from "./utils";

const APPS = { twitter: ["e2e-pub-x", "e2e-pub-x-secret"], linkedin: ["e2e-pub-li", "e2e-pub-li-secret"] } as const;
let fake: FakeNetwork;

test.beforeAll(async ({ server }) => {
  fake = await startFakeNetwork(E2E.networkPort(Number(new URL(server.url).port)));
  for (const [id, secret] of Object.values(APPS)) fake.apps.set(id, secret);
});
test.afterAll(() => fake.close());

/** The network's card, its app form open: an app saved earlier in this worker's database (another spec) folds it away. */
async function appForm(page: Page, platform: string) {
  const card = page.locator(`[data-platform="${platform}"]`);
  const app = card.getByTestId("network-app");
  if (!(await app.evaluate((details) => (details as HTMLDetailsElement).open))) await app.locator("summary").click();
  return card;
}

/** Goes through the network's consent page (a full-page journey) and comes back connected. */
async function consent(page: Page, platform: string, name: string) {
  const card = page.locator(`[data-platform="${platform}"]`);
  await Promise.all([
    page.waitForURL(new RegExp(`connected=${platform}$`), { timeout: 20_000 }),
    // "Connect another … account" when an earlier spec in this worker connected one.
    card.getByRole("button", { name: new RegExp(`^Connect (another )?${name} account$`) }).click(),
  ]);
  await expect(page.locator(`[data-platform="${platform}"]`).getByTestId("connection-state")).toContainText("Connected as");
}

/** Saves the team's app for the network, then connects through its consent page. */
async function connectWithApp(page: Page, platform: keyof typeof APPS, name: string) {
  const card = await appForm(page, platform);
  await card.getByLabel("Client id").fill(APPS[platform][0]);
  await card.getByLabel("Client secret").fill(APPS[platform][1]);
  await card.getByRole("button", { name: `Save ${name} app` }).click();
  await expect(card.getByText("App saved.", { exact: false })).toBeVisible();
  await consent(page, platform, name);
}

test("connect X, LinkedIn and Mastodon, publish an item with its card: one post each, with its text and image, linked from the item", async ({
  page,
  baseURL,
}) => {
  await page.goto("/settings?tab=integrations");
  await connectWithApp(page, "twitter", "X");
  await connectWithApp(page, "linkedin", "LinkedIn");
  const mastodon = await appForm(page, "mastodon");
  await mastodon.getByLabel("Instance address").fill(fake.base);
  await Promise.all([page.waitForURL(/registered=mastodon$/), mastodon.getByLabel("Instance address").press("Enter")]);
  await appForm(page, "mastodon");
  await consent(page, "mastodon", "Mastodon");

  // An item with its card (Create Visual), submitted and approved: approving publishes it, and with
  // "Auto-post to connected platforms" on (the seed's), each connected network gets a post.
  const title = `Spring launch ${Date.now().toString(36)}`;
  const made = await postForm(page.request, baseURL!, "/content/new", { title, type: "blog", tags: "launch" });
  const id = new URL(made.headers()["location"], baseURL).searchParams.get("id")!;
  await postForm(page.request, baseURL!, `/content/${id}/save`, { version: "1", body: `${title}\n\nThree new features, on every plan.` });
  expect((await postForm(page.request, baseURL!, "/visuals", { contentId: id })).status()).toBe(200);
  for (const transition of ["submit", "approve"])
    expect(
      (await postForm(page.request, baseURL!, `/editor?id=${id}`, { intent: "transition", id, transition, override: "true" })).status(),
    ).toBe(200);

  const networks = ["twitter", "linkedin", "mastodon"] as const;
  await expect.poll(() => networks.map((n) => fake.posts.filter((p) => p.network === n).length), { timeout: 30_000 }).toEqual([1, 1, 1]);
  for (const n of networks) expect(fake.media.filter((m) => m.network === n).length, `${n} media`).toBe(1);
  const texts = networks.map((n) => JSON.stringify(fake.posts.find((p) => p.network === n)!.body));
  for (const text of texts) expect(text).toContain("Spring launch");
  expect(new Set(texts).size).toBe(3); // each network its own text

  await page.goto(`/editor?id=${id}`);
  for (const [channel, label] of [
    ["twitter", "Open on X"],
    ["linkedin", "Open on LinkedIn"],
    ["mastodon", "Open on Mastodon"],
  ]) {
    const card = page.getByTestId("channel-post").and(page.locator(`[data-channel="${channel}"]`));
    await expect(card.getByRole("link", { name: label })).toHaveAttribute("href", /^http:\/\/(127\.0\.0\.1|localhost):\d+\//);
  }
  // Still exactly one post each: nothing was sent twice meanwhile.
  expect(networks.map((n) => fake.posts.filter((p) => p.network === n).length)).toEqual([1, 1, 1]);
});
