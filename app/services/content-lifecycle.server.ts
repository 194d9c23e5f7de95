import { meetsThreshold, scoreLocal } from "~/domain/assistant/score";
import { checkTransition, belowThresholdMessage, TRANSITIONS, type ScoreAtMove, type TransitionName } from "~/domain/lifecycle";
import { getBrandVoice } from "~/models/assistant.server";
import { contentObject, memberActor, type AuditAction } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { moveContentStatus } from "~/models/content-write.server";
import { notify } from "~/models/notification.server";
import { flushDocument, reauthorize } from "./collaboration.server";
import { wakePublishScheduler } from "~/db/wake.server";
import { postsOnPublish } from "./publish-posts.server";
import { chainGate, startChain } from "./approvals.server";

export type { ScoreAtMove };

export type TransitionResult =
  | { ok: true; status: string; voice: ScoreAtMove | null }
  | { ok: false; kind: "forbidden" | "not-found" | "conflict"; error: string; belowThreshold?: ScoreAtMove };

const ACTIVITY_TYPE: Record<TransitionName, string> = {
  submit: "collaborate",
  requestChanges: "collaborate",
  approve: "publish",
  unpublish: "publish",
  archive: "edit",
  restore: "edit",
};

const AUDIT_ACTION: Record<TransitionName, AuditAction> = {
  submit: "content.submitted",
  requestChanges: "content.changes-requested",
  // "Approve & publish" publishes: the log says so (What = Published finds it); a chain step's approval is "content.approved".
  approve: "content.published",
  unpublish: "content.unpublished",
  archive: "content.archived",
  restore: "content.restored",
};

/** Moves an item through its lifecycle if the rules allow, logs it, and tells who should hear. */
export async function transitionContent(
  id: string,
  name: TransitionName,
  user: { id: string; role: string; name: string },
  now = new Date(),
  options: { override?: boolean } = {},
): Promise<TransitionResult> {
  // Submitting shows the score; approving below the threshold needs an explicit override (approvers only).
  // An item in an approval chain is approved or sent back at its step, not by the one-step review.
  if (name === "approve" || name === "requestChanges") {
    const gate = await chainGate(id);
    if (gate) return gate;
  }
  const voice = name === "submit" || name === "approve" ? await getBrandVoice() : null;
  // A status change cuts a revision of what was typed until now (decision 022).
  await flushDocument(id);
  type Refusal = Extract<TransitionResult, { ok: false }>;
  let scored: ScoreAtMove | null = null;
  let overrode = false as boolean;
  let to = "";
  let from = "";
  const moved = await moveContentStatus<Refusal>(id, user.id, now, (item) => {
    const check = checkTransition(user, item, name);
    if (!check.ok) return { refusal: check };
    const score = voice ? { score: scoreLocal(item.body, voice).score, threshold: voice.threshold } : null;
    const overridden = name === "approve" && score !== null && !meetsThreshold(score.score, score);
    if (overridden && !options.override)
      return { refusal: { ok: false, kind: "conflict", error: belowThresholdMessage(score), belowThreshold: score } };
    scored = score;
    overrode = overridden;
    to = check.to;
    from = item.status;
    const action = overridden
      ? `${TRANSITIONS[name].done}, overriding the brand-voice threshold (score ${score.score} of ${score.threshold})`
      : TRANSITIONS[name].done;
    return { to, activity: { type: ACTIVITY_TYPE[name], action } };
  });
  if (moved.kind === "missing") return { ok: false, kind: "not-found", error: "That content item does not exist." };
  if (moved.kind === "refused") return moved.refusal;
  if (moved.kind === "raced")
    return { ok: false, kind: "conflict", error: "Someone else changed this item's status just now. Reload to see it." };
  const result = { status: to, title: moved.title, scored: scored as ScoreAtMove | null };
  // Publishing below the threshold is its own act of consequence, beside the publish it allowed.
  const voiceAt = result.scored;
  if (overrode && voiceAt)
    await recordAudit(
      {
        actor: memberActor(user),
        action: "content.voice-override",
        object: contentObject({ id, title: result.title }),
        after: { score: voiceAt.score, threshold: voiceAt.threshold },
      },
      undefined,
      now,
    );
  await recordAudit(
    {
      actor: memberActor(user),
      action: AUDIT_ACTION[name],
      object: contentObject({ id, title: result.title }),
      before: { status: from },
      after: { status: to },
    },
    undefined,
    now,
  );
  reauthorize(id);
  // With a chain, its first step's approvers hear of it; without one, every Editor and Admin.
  const chained = name === "submit" && (await startChain(id, user, now));
  if (name === "submit" && !chained)
    await notify("review_requested", {
      actorId: user.id,
      contentId: id,
      message: `${user.name} submitted “${result.title}” for review`,
      now,
    });
  if (result.status === "published") {
    await postsOnPublish(id, now, user.id);
    wakePublishScheduler();
  }
  if (name === "approve")
    await notify("published", { actorId: user.id, contentId: id, message: `${user.name} approved and published “${result.title}”`, now });
  if (name === "requestChanges")
    await notify("comment", { actorId: user.id, contentId: id, message: `${user.name} asked for changes to “${result.title}”`, now });
  return { ok: true, status: result.status, voice: result.scored };
}
