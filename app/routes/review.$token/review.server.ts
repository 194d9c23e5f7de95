// The review page's server half: its rate limit, the token check and the decision handler. Kept out of
// route.tsx, whose top-level statements the browser build keeps: `process.env` or a call into a
// `.server` module there throws on every load of the page in the browser (issue 52).
import type { ActionFunctionArgs } from "@remix-run/node";
import { ExternalReviewSchema } from "~/domain/approval-forms";
import { fieldErrors } from "~/domain/field-errors";
import { LINK_MESSAGES } from "~/domain/review-link";
import { sharedRateLimiter } from "~/adapters/rate-limit.server";
import { externalReview, externalReviewMessage, resolveToken } from "~/services/review-links.server";
import { badKey, fingerprintOf, keyOf, once, reusedKey } from "~/web/create-once.server";
import { claimsOnce, type ActionInput } from "~/web/action.server";
import { fail, ok } from "~/web/reply.server";

/** Per address: enough for a reviewer reading and answering, too few to guess tokens. */
const limiter = sharedRateLimiter("review", { limit: Number(process.env.REVIEW_RATE_LIMIT ?? 60), windowMs: 10 * 60_000 });
export const NO_STORE = { "Cache-Control": "no-store" };

/** Seconds to wait when this address has asked too often, else null. */
export async function throttled(context: { clientIp?: string } | undefined) {
  const verdict = await limiter.hit(String(context?.clientIp ?? ""), Date.now());
  return verdict.allowed ? null : verdict.retryAfterSec;
}

/** The active link behind a token; otherwise the reply (404 unknown, 409 expired or revoked) is thrown. */
export async function linkOf(token: string) {
  const resolved = await resolveToken(token);
  if (resolved.state !== "active")
    throw fail(resolved.state === "unknown" ? "not-found" : "conflict", LINK_MESSAGES[resolved.state], {}, {}, NO_STORE);
  return resolved.link;
}

/** No session: the token is the only key, checked before the form is read, and it reaches only its own item. */
export async function reviewer({ params, context }: ActionFunctionArgs) {
  const wait = await throttled(context);
  if (wait) return fail("throttled", "Too many requests from this address. Try again later.", {}, {}, { "Retry-After": String(wait) });
  const resolved = await resolveToken(params.token ?? "");
  if (resolved.state !== "active") return fail(resolved.state === "unknown" ? "not-found" : "conflict", LINK_MESSAGES[resolved.state]);
  return resolved.link;
}

type ReviewLink = Exclude<Awaited<ReturnType<typeof reviewer>>, ReturnType<typeof fail>>;

// Sent again with its key, the decision is not recorded twice (decision 064); the key is the link's own.
export const review = claimsOnce(async ({ user: link, form, fields, request }: ActionInput<ReviewLink>) => {
  const parsed = ExternalReviewSchema.safeParse(fields);
  if (!parsed.success) return fail("invalid", parsed.error.issues[0].message, fieldErrors(parsed.error));
  const decide = async () => {
    const result = await externalReview(link, parsed.data);
    if (!result.ok) return fail(result.kind, result.error, result.kind === "invalid" ? { note: result.error } : {});
    return ok({ message: result.message });
  };
  const key = keyOf(request, fields);
  if (key === "invalid") return badKey();
  if (key === null) return decide();
  const claim = { scope: `review-link:${link.id}`, key, action: "review", fingerprint: await fingerprintOf("review", form) };
  return once(
    claim,
    decide,
    async (id) => ok({ message: await externalReviewMessage(id) }),
    () => reusedKey(),
  );
});
