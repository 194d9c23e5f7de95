import { thisWorkspace } from "~/db/workspace-keys.server";
import { prisma } from "~/db/db.server";

export async function getSettings() {
  const settings = await prisma.settings.findUnique({ where: thisWorkspace() });
  if (!settings) throw new Response("Settings are missing. Run `npx prisma db seed`.", { status: 503 });
  return settings;
}

export function listBrandTones() {
  return prisma.brandTone.findMany({ orderBy: { position: "asc" } });
}

/** Flips the persisted workflow running flag and returns the new state. */
export async function toggleWorkflowRunning(): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const current = await tx.settings.findUniqueOrThrow({ where: thisWorkspace(), select: { workflowRunning: true } });
    const next = !current.workflowRunning;
    await tx.settings.update({ where: thisWorkspace(), data: { workflowRunning: next } });
    return next;
  });
}
