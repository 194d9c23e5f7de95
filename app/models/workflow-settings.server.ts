import { thisWorkspace } from "~/db/workspace-keys.server";
import { prisma } from "~/db/db.server";
import { isReviewMode, type ReviewMode } from "~/domain/workflow-run";

/** What the Quality Reviewer does below the threshold; "return" until someone chooses. */
export async function getReviewMode(): Promise<ReviewMode> {
  const row = await prisma.workflowSettings.findUnique({ where: thisWorkspace() });
  return row && isReviewMode(row.reviewerBelowThreshold) ? row.reviewerBelowThreshold : "return";
}

export function setReviewMode(mode: ReviewMode) {
  return prisma.workflowSettings.upsert({
    where: thisWorkspace(),
    create: { reviewerBelowThreshold: mode },
    update: { reviewerBelowThreshold: mode },
  });
}
