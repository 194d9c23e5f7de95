import { createOnce, type ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { DecisionSchema, ReviewLinkSchema, UnapprovedPublishSchema } from "~/domain/approval-forms";
import { UNAPPROVED_PUBLISH_PERMISSION } from "~/domain/approval-chain";
import { fail, invalid, ok, refused } from "~/web/reply.server";
import { decide as decideAtStep, decisionLabel, publishWithoutApproval } from "~/services/approvals.server";
import { sendReviewLink, sentReviewLink, withdrawReviewLink } from "~/services/review-links.server";

/** Approve or request changes at the item's current chain step. Any member may try: the chain's step names who may act (checked in the service). */
export const decide = createOnce(
  async ({ user, fields }: ActionInput) => {
    const parsed = DecisionSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error, undefined, { intent: "decide" });
    const { id, decision, note, quote } = parsed.data;
    const result = await decideAtStep(id, user, { kind: decision, note, quote });
    if (!result.ok) return refused(result, result.kind === "invalid" ? { note: result.error } : {}, { intent: "decide" });
    return ok({ intent: "decide", message: result.label });
  },
  async (decisionId) => ok({ intent: "decide", message: (await decisionLabel(decisionId)).label }),
);

/** An Admin publishes an item its chain has not approved: a named act, with its reason, in the panel and the audit log. */
export async function publishUnapproved({ user, fields }: ActionInput) {
  authorize(user, UNAPPROVED_PUBLISH_PERMISSION, { note: "Publishing without approval is an Admin's act, as setting the chains is." });
  const parsed = UnapprovedPublishSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "publishUnapproved" });
  const result = await publishWithoutApproval(parsed.data.id, user, parsed.data.reason);
  if (!result.ok) return refused(result, {}, { intent: "publishUnapproved" });
  return ok({
    intent: "publishUnapproved",
    message: "Published without approval: the reason is kept in its approval history and the audit log.",
  });
}

const linkSent = (request: Request, sent: { token: string; expiresAt: Date }) =>
  ok({ intent: "reviewLink", link: `${new URL(request.url).origin}/review/${sent.token}`, expiresAt: sent.expiresAt.toISOString() });

/** An Editor or Admin sends a review link for this item to someone without an account; sent again with its key, the same link. */
export const reviewLink = createOnce(
  async ({ user, fields, request }: ActionInput) => {
    authorize(user, "content.approve");
    const parsed = ReviewLinkSchema.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error, undefined, { intent: "reviewLink" });
    const result = await sendReviewLink(parsed.data.id, user, parsed.data.days);
    if (!result.ok) return refused(result, {}, { intent: "reviewLink" });
    return linkSent(request, result);
  },
  async (claimed, { request }) => {
    const sent = await sentReviewLink(claimed);
    return sent
      ? linkSent(request, sent)
      : fail("conflict", "That review link was sent already; send a new one.", {}, { intent: "reviewLink" });
  },
);

export async function revokeReviewLink({ user, fields }: ActionInput) {
  authorize(user, "content.approve");
  const revoked = await withdrawReviewLink(fields.id ?? "", fields.linkId ?? "", user);
  if (!revoked) return fail("not-found", "That review link does not exist or was already revoked.", {}, { intent: "revokeReviewLink" });
  return ok({ intent: "revokeReviewLink" });
}
