import { prisma } from "./db.server";
import { withWorkspace } from "./workspace-scope.server";

/** The workspaces of this studio, oldest first (an instance-level table: never filtered). */
export function listWorkspaces() {
  return prisma.workspace.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, name: true } });
}

/** Runs `work` in each workspace in turn and returns the earliest date any of them gave. */
export async function eachWorkspace(work: () => Promise<Date | null>): Promise<Date | null> {
  let earliest: Date | null = null;
  for (const { id } of await listWorkspaces()) {
    const next = await withWorkspace(id, work);
    if (next && (!earliest || next < earliest)) earliest = next;
  }
  return earliest;
}
