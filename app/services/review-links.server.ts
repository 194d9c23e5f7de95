// External review links (issue 37, decision 044): an Editor or Admin sends one item to someone
// without an account. The token opens that item and nothing else; only its hash is stored.
import { hashToken, newToken, sameHash } from "~/crypto/tokens.server";
import { open, seal } from "~/crypto/secret-box.server";
import { EXTERNAL_ROLE, PUBLISHED_WITHOUT_APPROVAL } from "~/domain/approval-chain";
import { isChannel } from "~/domain/channels/network-limits";
import { markdownToHtml } from "~/domain/markdown";
import { linkState, reviewLinkExpiry, type LinkState } from "~/domain/review-link";
import { itemForChain, listDecisions, recordDecision } from "~/models/approval.server";
import { createReviewLink, findReviewLinkByHash, getReviewLinkExpiry, revokeReviewLink } from "~/models/review-link.server";
import { notify } from "~/models/notification.server";
import { recordAudit } from "~/models/audit.server";
import { contentObject, memberActor, reviewerActor } from "~/domain/audit";
import { chainStanding, decide, decisionLabel, externalComment, fingerprintOf } from "./approvals.server";
import { flushDocument } from "./collaboration.server";

export async function sendReviewLink(contentId: string, user: { id: string; name: string }, days: number, now = new Date()) {
  await flushDocument(contentId);
  const item = await itemForChain(contentId);
  if (!item) return { ok: false as const, kind: "not-found" as const, error: "That content item does not exist." };
  const token = newToken();
  const expiresAt = reviewLinkExpiry(now, days);
  await createReviewLink({
    contentId,
    tokenHash: hashToken(token),
    createdById: user.id,
    fingerprint: fingerprintOf(item),
    now,
    expiresAt,
    sealedToken: seal(token),
  });
  // The token itself is never logged: it is the reviewer's key.
  await recordAudit(
    { actor: memberActor(user), action: "review-link.created", object: contentObject(item), after: { expiresAt } },
    undefined,
    now,
  );
  return { ok: true as const, token, expiresAt };
}

/** The link a retried send answers with (decision 064): its token kept sealed beside the key, and its expiry. */
export async function sentReviewLink(claimed: string): Promise<{ token: string; expiresAt: Date } | null> {
  const [id, sealed] = claimed.split(" ");
  const token = sealed ? open(sealed) : null;
  const link = await getReviewLinkExpiry(id);
  return token && link ? { token, expiresAt: link.expiresAt } : null;
}

export async function withdrawReviewLink(contentId: string, linkId: string, user: { id: string; name: string }, now = new Date()) {
  const revoked = await revokeReviewLink(contentId, linkId, now);
  if (revoked)
    await recordAudit(
      { actor: memberActor(user), action: "review-link.revoked", object: { type: "content", id: contentId }, after: { linkId } },
      undefined,
      now,
    );
  return revoked;
}

type Resolved =
  { state: "active"; link: { id: string; contentId: string; fingerprint: string } } | { state: Exclude<LinkState, "active"> | "unknown" };

/** The link behind a token: looked up by its hash, the hash then compared in constant time. */
export async function resolveToken(token: string, now = new Date()): Promise<Resolved> {
  if (!token || token.length > 200) return { state: "unknown" };
  const hash = hashToken(token);
  const link = await findReviewLinkByHash(hash);
  if (!link || !sameHash(link.tokenHash, hash)) return { state: "unknown" };
  const state = linkState(link, now);
  return state === "active" ? { state, link } : { state };
}

type ChainItem = NonNullable<Awaited<ReturnType<typeof itemForChain>>>;

/**
 * What was put to the reviewer: the words and the channel posts, without the posts publishing itself wrote
 * (auto-post, dated at the publish or after): those were never theirs to approve, and they change nothing they saw.
 */
function reviewedContent(item: ChainItem): ChainItem {
  const publishedAt = item.status === "published" ? item.publishedAt : null;
  if (!publishedAt) return item;
  return { ...item, channelPosts: item.channelPosts.filter((p) => p.createdAt.getTime() < publishedAt.getTime()) };
}

/** Where the item stands, in the words a reviewer outside the team is given. */
function standingForReviewer(standing: Awaited<ReturnType<typeof chainStanding>>): string | null {
  if (!standing) return null;
  if (standing.state === "changes_requested") return "Changes requested";
  if (standing.state === PUBLISHED_WITHOUT_APPROVAL) return "Published";
  return standing.progress.state === "waiting" ? standing.progress.label : "Approved";
}

/**
 * What the reviewer sees: the item, its channel posts as previews, whether what was put to them changed
 * since the link was sent, and where it stands (never the team's internals, such as its brand-voice score).
 */
export async function reviewView(link: { id: string; contentId: string; fingerprint: string }) {
  const found = await itemForChain(link.contentId);
  if (!found) return null;
  const item = reviewedContent(found);
  const standing = await chainStanding(link.contentId);
  return {
    title: item.title,
    excerpt: item.excerpt,
    html: markdownToHtml(item.body),
    posts: item.channelPosts
      .filter((p) => isChannel(p.channel) && p.text.trim())
      .map((p) => ({ channel: p.channel, text: p.text, link: p.link, scheduledAt: p.scheduledAt?.toISOString() ?? null })),
    changed: fingerprintOf(item) !== link.fingerprint,
    standing: standingForReviewer(standing),
    history: (await listDecisions(link.contentId, null))
      .filter((d) => d.actorId.startsWith(`external:${link.id}:`))
      .map((d) => ({ name: d.actorName, kind: d.kindRaw, note: d.note, at: d.at.toISOString() })),
  };
}

export type ExternalResult = { ok: true; message: string } | { ok: false; kind: "invalid" | "conflict" | "not-found"; error: string };

/**
 * An external reviewer's comment, approval or request for changes, under their typed name. It
 * counts at a chain step that lists the external reviewer; otherwise it is kept as their word and the team told.
 */
/** What an external reviewer's decision sent again answers (decision 064), as the first was answered. */
export async function externalReviewMessage(decisionId: string): Promise<string> {
  const { kind, counted, label } = await decisionLabel(decisionId);
  if (kind === "comment") return "Thank you: your comment was sent to the team.";
  if (counted)
    return kind === "approve" ? `Thank you: your approval was recorded (${label}).` : "Thank you: the team was asked to make the changes.";
  return kind === "approve" ? "Thank you: your approval was sent to the team." : "Thank you: your request was sent to the team.";
}

export async function externalReview(
  link: { id: string; contentId: string },
  input: { name: string; decision: "approve" | "changes" | "comment"; note: string },
  now = new Date(),
): Promise<ExternalResult> {
  const reviewer = { id: `external:${link.id}:${input.name.toLowerCase()}`, name: input.name, role: EXTERNAL_ROLE, external: true };
  if (input.decision === "comment") {
    if (!input.note.trim()) return { ok: false, kind: "invalid", error: "Write your comment first." };
    return (await externalComment(link.contentId, reviewer, input.note, now))
      ? { ok: true, message: "Thank you: your comment was sent to the team." }
      : { ok: false, kind: "not-found", error: "This item no longer exists." };
  }
  const standing = await chainStanding(link.contentId);
  const stepListsExternal =
    standing?.progress.state === "waiting" &&
    standing.state === "in_review" &&
    standing.request.steps[standing.progress.step].roles.includes(EXTERNAL_ROLE);
  if (stepListsExternal) {
    const result = await decide(link.contentId, reviewer, { kind: input.decision, note: input.note, quote: "" }, now);
    if (!result.ok) return { ok: false, kind: result.kind === "invalid" ? "invalid" : "conflict", error: result.error };
    // The step's label, or "Approved": what the team does next (its brand-voice score, who publishes) is theirs.
    const where = result.state === "waiting" ? result.label : "Approved";
    return {
      ok: true,
      message:
        input.decision === "approve"
          ? `Thank you: your approval was recorded (${where}).`
          : "Thank you: the team was asked to make the changes.",
    };
  }
  if (input.decision === "changes" && !input.note.trim())
    return { ok: false, kind: "invalid", error: "Say what should change, so the team knows." };
  const item = await itemForChain(link.contentId);
  if (!item) return { ok: false, kind: "not-found", error: "This item no longer exists." };
  await recordDecision({
    contentId: link.contentId,
    step: -1,
    actorId: reviewer.id,
    actorName: reviewer.name,
    role: EXTERNAL_ROLE,
    external: true,
    kind: input.decision,
    fingerprint: fingerprintOf(item),
    note: input.note.trim(),
    quote: "",
    now,
  });
  await recordAudit(
    {
      actor: reviewerActor({ ...reviewer, external: true }),
      action: input.decision === "approve" ? "content.approved" : "content.changes-requested",
      object: contentObject(item),
      after: { counted: false, ...(input.decision === "changes" ? { note: input.note.trim() } : {}) },
    },
    undefined,
    now,
  );
  const what = input.decision === "approve" ? "approved" : `asked for changes: ${input.note.trim()}`;
  await notify("comment", {
    actorId: "external",
    contentId: link.contentId,
    message: `${input.name} (external) ${what} on “${item.title}”`,
    now,
  });
  return {
    ok: true,
    message:
      input.decision === "approve" ? "Thank you: your approval was sent to the team." : "Thank you: your request was sent to the team.",
  };
}
