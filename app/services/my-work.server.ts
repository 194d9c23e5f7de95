// "My work" (issue 50): what waits on one person in every workspace they belong to, each row naming
// its workspace. Each workspace is read in its own scope (decision 073); nothing is written.
import { addDays } from "date-fns";
import { withWorkspace } from "~/db/workspace-scope.server";
import { formatZoned } from "~/domain/channels/team-time";
import { can } from "~/domain/permissions";
import { approversOf } from "~/models/approval.server";
import { dueBetween, failedPostsOf, itemsInReview, membershipsOf, workspaceTimeZone } from "~/models/my-work.server";
import { chainStanding } from "~/services/approvals.server";

type Place = { workspaceId: string; workspace: string };
export type MyWork = {
  approvals: (Place & { id: string; title: string; label: string })[];
  due: (Place & { id: string; title: string; what: string; at: Date; when: string })[];
  failed: (Place & { id: string; title: string; channel: string; status: string; reason: string })[];
};

/** Items whose next approval is this person's: their chain's current step names them, or, without a chain, their role approves. */
async function approvalsFor(userId: string, role: string) {
  const waiting: { id: string; title: string; label: string }[] = [];
  for (const item of await itemsInReview()) {
    if (item.authorId === userId) continue;
    const standing = await chainStanding(item.id);
    if (!standing) {
      if (can(role, "content.approve")) waiting.push({ id: item.id, title: item.title, label: "In review" });
      continue;
    }
    if (standing.progress.state !== "waiting" || standing.state !== "in_review") continue;
    const approvers = await approversOf(standing.request.steps[standing.progress.step]);
    if (approvers.includes(userId) && standing.request.requesterId !== userId)
      waiting.push({ id: item.id, title: item.title, label: standing.progress.label });
  }
  return waiting;
}

export async function myWork(userId: string, now = new Date()): Promise<MyWork> {
  const work: MyWork = { approvals: [], due: [], failed: [] };
  for (const { workspaceId, name, role } of await membershipsOf(userId)) {
    const place = { workspaceId, workspace: name };
    await withWorkspace(workspaceId, async () => {
      const timeZone = await workspaceTimeZone();
      for (const a of await approvalsFor(userId, role)) work.approvals.push({ ...place, ...a });
      for (const d of await dueBetween(userId, now, addDays(now, 7)))
        work.due.push({ ...place, id: d.item.id, title: d.item.title, what: d.what, at: d.at, when: formatZoned(d.at, timeZone) });
      for (const f of await failedPostsOf(userId))
        work.failed.push({
          ...place,
          id: f.content.id,
          title: f.content.title,
          channel: f.channel,
          status: f.status,
          reason: f.lastError ?? "",
        });
    });
  }
  work.due.sort((a, b) => a.at.getTime() - b.at.getTime());
  return work;
}
