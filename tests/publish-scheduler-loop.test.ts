// The scheduler loop sleeps until the next scheduled time and publishes then; a nudge makes it look again.
import { expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { startPublishScheduler, wakePublishScheduler } from "~/jobs/publish-scheduler.server";
import { SAMPLE, freshSeed } from "./route-helpers";

const stamp = (date: Date) => date.toISOString().replace("Z", "+00:00");

it("publishes an item at its time after a nudge, without polling", { timeout: 15_000 }, async () => {
  await freshSeed();
  startPublishScheduler(); // nothing scheduled: it sleeps (up to its one-minute cap)
  const item = await prisma.contentItem.create({
    data: { title: "Due in a moment", type: "blog", status: "review", body: "Text.", authorId: SAMPLE.Writer },
  });
  const at = new Date(Date.now() + 400);
  await prisma.$executeRaw`INSERT INTO "PublishSchedule" ("contentId", "publishAt", "slot", "scheduledById", "createdAt", "workspaceId") VALUES (${item.id}, ${stamp(at)}, 'Mon 09:00', ${SAMPLE.Editor}, ${stamp(new Date())}, 'first')`;
  wakePublishScheduler();
  let status = "review";
  for (let i = 0; i < 50 && status !== "published"; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await prisma.contentItem.findUniqueOrThrow({ where: { id: item.id } })).status;
  }
  expect(status).toBe("published");
  const published = await prisma.contentItem.findUniqueOrThrow({ where: { id: item.id } });
  expect(published.publishedAt?.toISOString()).toBe(at.toISOString());
});
