// PostgreSQL stores no NUL character and SQLite does: a form or an address holding one is refused
// with 400 and its message on both engines, before any query is made of it, and nothing is stored.
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { action as save } from "~/routes/content.$id.save";
import { action as library } from "~/routes/library/route";
import { NUL_MESSAGE } from "~/web/action.server";
import { databaseDigest } from "./db-snapshot";
import { SAMPLE, cookieFor, freshSeed, post, run } from "./route-helpers";

beforeEach(() => freshSeed());

async function refused(attempt: () => ReturnType<typeof run>) {
  const before = await databaseDigest();
  const outcome = await attempt();
  expect(outcome.status).toBe(400);
  expect(outcome.body).toMatchObject({ ok: false, formError: NUL_MESSAGE });
  expect(await databaseDigest()).toEqual(before);
}

describe("a NUL character", () => {
  it("in an address's id is refused", async () => {
    const cookie = await cookieFor(SAMPLE.Editor);
    await refused(() => run(save, post("/content/x/save", { version: "1", body: "text" }, cookie), { id: "\u0000" }));
  });

  it("in a form's field is refused", async () => {
    const cookie = await cookieFor(SAMPLE.Admin);
    const item = await prisma.contentItem.findFirstOrThrow({ select: { id: true } });
    await refused(() => run(library, post("/library", { intent: "duplicate", id: `${item.id}\u0000` }, cookie)));
  });
});
