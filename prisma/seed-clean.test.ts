// STUDIO_ADMIN_EMAIL on an empty database starts a clean studio for real work: one Admin who can
// sign in, no sample content, figures, activity or linked channels.
import { thisWorkspace } from "~/db/workspace-keys.server";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { verifyPassword } from "~/crypto/password.server";
import { cleanStartAdmin, seedIfEmpty } from "./seed-if-empty";

const ENV = { STUDIO_ADMIN_EMAIL: "ana@team.example", STUDIO_ADMIN_PASSWORD: "a long passphrase" };

async function emptyDatabase() {
  await prisma.settings.deleteMany();
}

describe("a clean start", () => {
  it("makes one Admin and no sample data on an empty database, and leaves a team's data alone afterwards", async () => {
    await emptyDatabase();
    expect(await seedIfEmpty(prisma, undefined, ENV)).toBe("clean");
    const users = await prisma.user.findMany();
    expect(users).toMatchObject([{ email: "ana@team.example", name: "ana", isOwner: true, status: "active" }]);
    expect(await prisma.membership.findMany({ select: { userId: true, role: true } })).toEqual([{ userId: users[0].id, role: "Admin" }]);
    expect(await verifyPassword("a long passphrase", users[0].passwordHash!)).toBe(true);
    for (const count of [
      prisma.contentItem.count(),
      prisma.contentMetric.count(),
      prisma.activityEvent.count(),
      prisma.notification.count(),
      prisma.workflowRun.count(),
      prisma.integration.count({ where: { connected: true } }),
    ])
      expect(await count).toBe(0);
    expect(await prisma.settings.findUniqueOrThrow({ where: thisWorkspace() })).toMatchObject({ teamName: "", siteUrl: "" });
    expect(await seedIfEmpty(prisma, undefined, ENV)).toBe("skipped");
  });

  it("refuses a short password or a malformed email in a sentence, and is off without STUDIO_ADMIN_EMAIL", () => {
    expect(() => cleanStartAdmin({ ...ENV, STUDIO_ADMIN_PASSWORD: "short" })).toThrow(
      /^Set STUDIO_ADMIN_PASSWORD to at least 10 characters/,
    );
    expect(() => cleanStartAdmin({ ...ENV, STUDIO_ADMIN_EMAIL: "ana" })).toThrow("STUDIO_ADMIN_EMAIL (ana) is not an email address.");
    expect(cleanStartAdmin({})).toBeNull();
  });
});
