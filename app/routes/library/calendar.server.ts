// The library's calendar view: its loader part and its one action (move a post to another day).
import type { ActionInput } from "~/web/action.server";
import { requireEditablePost } from "~/web/authorize.server";
import { parseCalendarQuery } from "~/domain/channels/calendar-query";
import { MovePostSchema } from "~/domain/channel-forms";
import { fail, invalid, ok } from "~/web/reply.server";
import { can } from "~/domain/permissions";
import { calendarData } from "~/services/channel-calendar.server";
import { movePost } from "~/services/channel-calendar.server";

/** Null unless ?view=calendar; a bad calendar parameter is a 400. */
export async function loadCalendar(url: URL) {
  if (url.searchParams.get("view") !== "calendar") return null;
  const parsed = parseCalendarQuery(url.searchParams);
  if (!parsed.success) throw new Response(parsed.error.issues[0].message, { status: 400 });
  return calendarData(parsed.data);
}

/** Drag to another day, or "Move to…": same time of day, validated like the picker. */
export async function move({ user, fields }: ActionInput) {
  await requireEditablePost(user, fields.postId, { intent: "move", postId: fields.postId ?? null });
  const parsed = MovePostSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error, undefined, { intent: "move", postId: fields.postId ?? null });
  const { postId, day, override } = parsed.data;
  const result = await movePost(postId, day, user, new Date(), { override: override === "true" });
  if (!result.ok) {
    // Below the brand-voice threshold: the reply offers "Move anyway" to whoever may override (as the editor does).
    const below = "belowThreshold" in result ? result.belowThreshold : null;
    const canOverride = below !== null && can(user.role, "content.publish");
    return fail(result.kind, result.error, { day: result.error }, { intent: "move", postId, day, belowThreshold: below, canOverride });
  }
  return ok({ intent: "move", postId, message: override === "true" ? "Moved, overriding the brand-voice threshold." : "Moved." });
}
