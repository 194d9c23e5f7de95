// The calendar's reads and its move, in the team's timezone (decision 020).
import { nextSlotStart, slotName } from "~/domain/best-time";
import { dayKey, isDay, utcToZonedInput } from "~/domain/channels/team-time";
import { schedulingSlot } from "~/models/analytics-view.server";
import { channelSettings, getChannelPost } from "~/models/channel-post.server";
import { schedulePost, type PostResult } from "./channel-posts.server";

type Member = { id: string; role: string; name: string };

/** The next best slot (Best Time to Post) as the team's wall time, or null while there is none. */
export async function bestSlot(now = new Date()) {
  const [slot, settings] = await Promise.all([schedulingSlot(now), channelSettings()]);
  if (!slot) return null;
  const at = nextSlotStart(now, slot);
  return {
    at,
    local: utcToZonedInput(at, settings.timeZone),
    name: slotName(slot.weekday, slot.hour),
    weekday: slot.weekday,
    hour: slot.hour,
  };
}

export async function bestSlotLocal(now = new Date()): Promise<string | null> {
  return (await bestSlot(now))?.local ?? null;
}

/** Moves a scheduled post to another day at the same wall time; validated like the picker. */
export async function movePost(id: string, day: string, user: Member, now = new Date()): Promise<PostResult> {
  if (!isDay(day)) return { ok: false, kind: "invalid", field: "scheduledAt", error: "That day does not exist." };
  const post = await getChannelPost(id);
  if (!post) return { ok: false, kind: "not-found", field: null, error: "That channel post does not exist." };
  const { timeZone } = await channelSettings();
  const time = post.scheduledAt ? utcToZonedInput(post.scheduledAt, timeZone).slice(11) : "09:00";
  if (post.scheduledAt && dayKey(post.scheduledAt, timeZone) === day && post.status === "scheduled") return { ok: true, id };
  return schedulePost(id, `${day}T${time}`, user, { now });
}
