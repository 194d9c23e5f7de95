import { checkWebhookUrl } from "~/adapters/networks/target-address.server";
import type { ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { HeadWebhookSchema, memberActor } from "~/domain/audit";
import { fieldErrors } from "~/domain/field-errors";
import { setAuditHeadWebhookUrl } from "~/models/audit-head-delivery.server";
import { done, failed } from "~/web/reply.server";

const NOT_SAVED = "The webhook was not saved.";

/** Where the chain's head is posted daily (decision 075): https, never a private or local address. The change is logged. */
export async function saveHeadWebhook({ user, fields }: ActionInput) {
  authorize(user, "audit.view");
  const parsed = HeadWebhookSchema.safeParse(fields);
  if (!parsed.success) return failed("head-webhook", "invalid", NOT_SAVED, fieldErrors(parsed.error));
  const url = parsed.data.auditHeadWebhookUrl;
  if (url) {
    const address = await checkWebhookUrl(url);
    if (!address.ok) return failed("head-webhook", "invalid", NOT_SAVED, { auditHeadWebhookUrl: address.error });
  }
  await setAuditHeadWebhookUrl(url, { actor: memberActor(user) });
  return done("head-webhook", url ? `The head goes to ${new URL(url).host} once a day.` : "The head is no longer sent.");
}
