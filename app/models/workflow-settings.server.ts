import { prisma } from "~/db/db.server";
import { isReviewMode, type ReviewMode } from "~/domain/workflow-run";

/** What the Quality Reviewer does below the threshold; "return" until someone chooses. */
export async function getReviewMode(): Promise<ReviewMode> {
  const row = await prisma.workflowSettings.findUnique({ where: { id: 1 } });
  return row && isReviewMode(row.reviewerBelowThreshold) ? row.reviewerBelowThreshold : "return";
}

export function setReviewMode(mode: ReviewMode) {
  return prisma.workflowSettings.upsert({
    where: { id: 1 },
    create: { id: 1, reviewerBelowThreshold: mode },
    update: { reviewerBelowThreshold: mode },
  });
}
