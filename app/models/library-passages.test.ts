import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { freshSeed, SAMPLE } from "../../tests/route-helpers";
import { createContent } from "./content-write.server";
import { quotePassage } from "~/domain/assistant/outline";
import { findLibrarySources } from "./library-passages.server";

beforeAll(async () => {
  await freshSeed();
});

/** A published item about a word nothing in the seed mentions, so the brief finds only it. */
async function publishedAbout(word: string) {
  const item = await createContent({
    title: `${word} field notes`,
    type: "blog",
    tags: [word],
    body: `# ${word} field notes\n\nTeams that plan ${word} campaigns a month ahead publish twice as often.`,
    authorId: SAMPLE.Writer,
  });
  return prisma.contentItem.update({
    where: { id: item.id },
    data: { status: "published", publishedAt: new Date() },
    select: { id: true, slug: true },
  });
}

const hrefFor = async (word: string) => (await findLibrarySources(`Write about ${word} campaigns`))[0]?.href;

describe("library sources quoted in a built-in draft", () => {
  it("link to the source's page in the studio while the team has no site address", async () => {
    await prisma.settings.updateMany({ data: { siteUrl: "" } });
    const item = await publishedAbout("Quokka");
    expect(await hrefFor("Quokka")).toBe(`/editor?id=${item.id}`);
  });

  it("link to the source's address on the team's site once it has one", async () => {
    await prisma.settings.updateMany({ data: { siteUrl: "https://blog.example.org/" } });
    const item = await publishedAbout("Axolotl");
    expect(await hrefFor("Axolotl")).toBe(`https://blog.example.org/${item.slug}`);
  });

  it("link to where the website channel published it when that is known", async () => {
    const item = await publishedAbout("Pangolin");
    await prisma.channelPost.create({
      data: {
        contentId: item.id,
        channel: "website",
        text: "",
        status: "published",
        externalUrl: "https://blog.example.org/2026/pangolin",
        createdById: SAMPLE.Writer,
      },
    });
    expect(await hrefFor("Pangolin")).toBe("https://blog.example.org/2026/pangolin");
  });

  it("keep the source's title apart from its passage: the title line is not run into the text (issue 56)", async () => {
    // Shaped like the seed's bodies: the title as the first plain line, then the text.
    const item = await createContent({
      title: "A Practical Guide to Wombat Calendars",
      type: "blog",
      tags: ["Wombat"],
      body: "A Practical Guide to Wombat Calendars\n\nThis piece covers wombat planning for our audience. It ends with one clear next step.",
      authorId: SAMPLE.Writer,
    });
    await prisma.contentItem.update({ where: { id: item.id }, data: { status: "published", publishedAt: new Date() } });
    const [source] = await findLibrarySources("Write a practical guide to wombat calendars");
    expect(source).toMatchObject({ title: "A Practical Guide to Wombat Calendars" });
    expect(source.passage).toBe("This piece covers wombat planning for our audience.");
    expect(quotePassage(source).split("\n")).toEqual([
      "> This piece covers wombat planning for our audience.",
      ">",
      `> — from [A Practical Guide to Wombat Calendars](${source.href})`,
    ]);
  });
});
