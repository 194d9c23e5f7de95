// A new workspace's default rows (decision 079), built as the clean seed builds the first's: the brand
// tones, the channels (none connected), the settings (named for the workspace) and the agent pipeline.
// The lead merges this with the seed helper's version of the same function.
import type { Prisma } from "@prisma/client";
import { prisma } from "~/db/db.server";
import { withWorkspace } from "~/db/workspace-scope.server";
import { AGENTS, BRAND_TONES, INTEGRATIONS, SETTINGS } from "../../prisma/sample/people";

type Db = Pick<Prisma.TransactionClient, "settings" | "workflowSettings" | "trackerSettings" | "brandTone" | "integration" | "agent">;

/** Writes the workspace's default rows; pass a transaction's client to write them with the workspace itself. */
export function createWorkspaceDefaults(workspaceId: string, db: Db = prisma, name = "", now = new Date()): Promise<void> {
  return withWorkspace(workspaceId, async () => {
    await db.settings.create({
      data: { ...SETTINGS, brandKeywords: "", contentGuidelines: "", teamName: name, siteUrl: "", updatedAt: now },
    });
    await db.workflowSettings.create({ data: {} });
    await db.trackerSettings.create({ data: {} });
    await db.brandTone.createMany({ data: BRAND_TONES.map((t, position) => ({ ...t, position })) });
    await db.integration.createMany({ data: INTEGRATIONS.map((i) => ({ ...i, connected: false, handle: null })) });
    // Agent ids are the instance's: a new workspace's agents get their own (cuid).
    await db.agent.createMany({
      data: AGENTS.map(({ id: _id, ...a }) => ({ ...a, status: "idle", createdAt: now, updatedAt: now })),
    });
  });
}
