import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { freshSeed, SAMPLE } from "../../tests/route-helpers";
import { createContent } from "./content-write.server";
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
});
