import type { ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { RetentionSchema, memberActor } from "~/domain/audit";
import { fieldErrors } from "~/domain/field-errors";
import { setAuditRetentionDays } from "~/models/audit.server";
import { done, failed } from "~/web/reply.server";

/** How long the log keeps its rows; the hourly retention job deletes older ones. The change is itself logged. */
export async function saveRetention({ user, fields }: ActionInput) {
  authorize(user, "audit.view");
  const parsed = RetentionSchema.safeParse(fields);
  if (!parsed.success) return failed("retention", "invalid", "The retention was not changed.", fieldErrors(parsed.error));
  await setAuditRetentionDays(parsed.data.retentionDays, { actor: memberActor(user) });
  return done("retention", `The log now keeps rows for ${parsed.data.retentionDays} days.`);
}
