import type { ActionInput } from "~/web/action.server";
import { requirePermission } from "~/web/authorize.server";
import { ScheduleSchema, TransitionSchema } from "~/domain/editor-forms";
import type { TransitionName } from "~/domain/lifecycle";
import { cancelSchedule, schedulePublish } from "~/models/publish-schedule.server";
import { invalid, ok, refused } from "~/web/reply.server";
import { transitionContent } from "~/services/content-lifecycle.server";

/** A lifecycle move; the rules (role, status, brand-voice threshold) live in the service and domain. */
export async function transition({ user, fields }: ActionInput) {
  const parsed = TransitionSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "transition" });
  const name = parsed.data.transition as TransitionName;
  const result = await transitionContent(parsed.data.id, name, user, new Date(), { override: parsed.data.override === "true" });
  if (!result.ok) return refused(result, {}, { intent: "transition", belowThreshold: result.belowThreshold });
  return ok({ intent: "transition", voice: result.voice });
}

export async function schedule({ user, fields }: ActionInput) {
  const parsed = ScheduleSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "schedule" });
  const result = await schedulePublish(parsed.data.id, user);
  return result.ok ? ok({ intent: "schedule" }) : refused(result, {}, { intent: "schedule" });
}

export async function unschedule({ user, fields }: ActionInput) {
  const parsed = ScheduleSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "unschedule" });
  requirePermission(user, "content.publish");
  const result = await cancelSchedule(parsed.data.id);
  return result.ok ? ok({ intent: "unschedule" }) : refused(result, {}, { intent: "unschedule" });
}
