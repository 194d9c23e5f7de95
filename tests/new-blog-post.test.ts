// New Blog Post (dashboard, palette) starts one "Untitled blog post" draft; clicking it again opens
// that draft while it is still empty instead of making another.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { UNTITLED_BLOG_POST } from "~/domain/content-forms";
import { action as newContent } from "~/routes/content.new";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

const click = async (userId: string, fields: Record<string, string> = {}) => {
  const outcome = await run(
    newContent,
    post("/content/new", { title: UNTITLED_BLOG_POST, type: "blog", tags: "", ...fields }, await cookieFor(userId)),
  );
  expect(outcome.status).toBe(302);
  return outcome.headers.get("Location");
};
const untitled = (authorId: string) => prisma.contentItem.count({ where: { authorId, title: UNTITLED_BLOG_POST } });

describe("New Blog Post", () => {
  it("opens the member's empty draft on a second click instead of making another", async () => {
    const first = await click(SAMPLE.Writer);
    expect(await click(SAMPLE.Writer)).toBe(first);
    expect(await untitled(SAMPLE.Writer)).toBe(1);
  });

  it("makes a new draft once the last one has text, and never reuses another member's", async () => {
    const first = await click(SAMPLE.Writer);
    await prisma.contentItem.update({ where: { id: first!.split("=")[1] }, data: { body: "A first line." } });
    const second = await click(SAMPLE.Writer);
    expect(second).not.toBe(first);
    expect(await click(SAMPLE.Editor)).not.toBe(second);
    expect(await untitled(SAMPLE.Writer)).toBe(2);
  });
});
