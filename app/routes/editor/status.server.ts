import type { ActionInput } from "~/web/action.server";
import { authorize } from "~/web/authorize.server";
import { ScheduleSchema, TransitionSchema } from "~/domain/editor-forms";
import { TRANSITIONS, type TransitionName } from "~/domain/lifecycle";
import { cancelSchedule, schedulePublish } from "~/models/publish-schedule.server";
import { invalid, ok, refused } from "~/web/reply.server";
import { memberActor } from "~/domain/audit";
import { transitionContent } from "~/services/content-lifecycle.server";
import { chainGate } from "~/services/approvals.server";

/** A lifecycle move: the move's permission here; its other rules (status, brand-voice threshold) in the service and domain. */
export async function transition({ user, fields }: ActionInput) {
  const parsed = TransitionSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "transition" });
  const name = parsed.data.transition as TransitionName;
  authorize(user, TRANSITIONS[name].permission);
  const result = await transitionContent(parsed.data.id, name, user, new Date(), { override: parsed.data.override === "true" });
  if (!result.ok) return refused(result, {}, { intent: "transition", belowThreshold: result.belowThreshold });
  return ok({ intent: "transition", voice: result.voice });
}

/** Scheduling approves at the best time, so it takes approving's permission. */
export async function schedule({ user, fields }: ActionInput) {
  authorize(user, "content.publish");
  const parsed = ScheduleSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "schedule" });
  const gate = await chainGate(parsed.data.id);
  if (gate) return refused(gate, {}, { intent: "schedule" });
  const result = await schedulePublish(parsed.data.id, user);
  return result.ok ? ok({ intent: "schedule" }) : refused(result, {}, { intent: "schedule" });
}

export async function unschedule({ user, fields }: ActionInput) {
  authorize(user, "content.publish");
  const parsed = ScheduleSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "unschedule" });
  const result = await cancelSchedule(parsed.data.id, memberActor(user));
  return result.ok ? ok({ intent: "unschedule" }) : refused(result, {}, { intent: "unschedule" });
}
