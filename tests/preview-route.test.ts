import { beforeEach, describe, expect, it } from "vitest";
import { action as check } from "~/routes/assistant.check";
import { action as preview } from "~/routes/preview";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

describe("/preview", () => {
  it("answers the one renderer's sanitised HTML for the posted Markdown", async () => {
    const text = "## Plan\n\nRead [our guide](https://example.com/g) and [this](javascript:alert(1)).\n\n<script>alert(1)</script>";
    const result = await run(preview, post("/preview", { text }, await cookieFor(SAMPLE.Writer)));
    expect(result.status).toBe(200);
    const { html } = result.body as { html: string };
    expect(html).toContain("<h2>Plan</h2>");
    expect(html).toContain('<a href="https://example.com/g">our guide</a>');
    expect(html).not.toMatch(/javascript:|<script/);
  });
  it("needs a signed-in member", async () => {
    expect((await run(preview, post("/preview", { text: "Hi." }))).status).toBe(302);
  });
});

describe("/assistant/check figures", () => {
  it("counts the words a reader reads, not the Markdown marks or link targets", async () => {
    const text = "## Plan\n\nRead **our** [guide](https://example.com/a/very/long/path/indeed).";
    const result = await run(check, post("/assistant/check", { text }, await cookieFor(SAMPLE.Writer)));
    expect((result.body as { stats: { words: number } }).stats.words).toBe(4);
  });
});

describe("GET /preview?revision=", () => {
  it("renders a revision through the one renderer; 404 for an unknown one; 401 without a session", async () => {
    const { loader } = await import("~/routes/preview");
    const { prisma } = await import("~/db/db.server");
    const revision = await prisma.contentRevision.findFirstOrThrow({ where: { contentId: "content-sample" } });
    await prisma.contentRevision.update({ where: { id: revision.id }, data: { body: "## Old plan\n\nWith **bold** words." } });
    const cookie = await cookieFor(SAMPLE.Writer);
    const shown = await run(loader, get(`/preview?revision=${revision.id}`, cookie));
    expect(shown.status).toBe(200);
    expect((shown.body as { html: string }).html).toBe("<h2>Old plan</h2>\n<p>With <strong>bold</strong> words.</p>");
    expect((await run(loader, get("/preview?revision=nope", cookie))).status).toBe(404);
    expect((await run(loader, get(`/preview?revision=${revision.id}`))).status).toBe(401);
  });
});
