// Links and cards in posts are absolute on STUDIO_URL. When it is unset or a loopback address, the
// editor's Channels panel and Settings › Integrations say so before anything is published.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { loader as editorPage } from "~/routes/editor/route";
import { loader as channelsPage } from "~/routes/content.$id.channels/route";
import { loader as settingsPage } from "~/routes/settings/route";
import { SAMPLE, cookieFor, freshSeed, get, run } from "./route-helpers";

const saved = { STUDIO_URL: process.env.STUDIO_URL, PORT: process.env.PORT };
beforeEach(() => freshSeed());
afterEach(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

type Warned = { publicUrlWarning: string | null };
async function warnings() {
  const cookie = await cookieFor(SAMPLE.Writer);
  const item = await prisma.contentItem.create({ data: { title: "Warned", type: "blog", status: "draft", authorId: SAMPLE.Writer } });
  const settings = await run(settingsPage, get("/settings?tab=integrations", cookie));
  const editor = await run(editorPage, get(`/editor?id=${item.id}`, cookie));
  const channels = await run(channelsPage, get(`/content/${item.id}/channels`, cookie), { id: item.id });
  expect([settings.status, editor.status, channels.status]).toEqual([200, 200, 200]);
  return [
    (settings.body as Warned).publicUrlWarning,
    (editor.body as { channelPosts: Warned }).channelPosts.publicUrlWarning,
    (channels.body as { panel: Warned }).panel.publicUrlWarning,
  ];
}

describe("the public address warning", () => {
  it("names the localhost address links would use when STUDIO_URL is unset", async () => {
    delete process.env.STUDIO_URL;
    process.env.PORT = "3930";
    const expected =
      "Links in posts will point to http://localhost:3930, which nobody outside this machine can open. Set STUDIO_URL to the studio's public address.";
    expect(await warnings()).toEqual([expected, expected, expected]);
  });

  it.each(["http://127.0.0.1:3000", "http://studio.localhost", "http://[::1]:8080/"])(
    "warns for the loopback STUDIO_URL %s",
    async (url) => {
      process.env.STUDIO_URL = url;
      for (const warning of await warnings()) expect(warning).toMatch(/nobody outside this machine can open\. Set STUDIO_URL/);
    },
  );

  it("says nothing once STUDIO_URL is a public address", async () => {
    process.env.STUDIO_URL = "https://studio.brightpath.test";
    expect(await warnings()).toEqual([null, null, null]);
  });
});
