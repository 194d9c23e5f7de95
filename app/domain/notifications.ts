/** Events a member can be notified of; each member chooses which (all on by default). */
export const NOTIFICATION_EVENTS = [
  "review_requested",
  "approved",
  "published",
  "comment",
  "mention",
  "workflow_failed",
  "writer_needed",
  "publishing_problem",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_LABELS: Record<NotificationEvent, { title: string; hint: string }> = {
  review_requested: { title: "Content submitted for review", hint: "When a member asks for a review (Editors and Admins)" },
  approved: { title: "Content approved", hint: "When an editor approves content you wrote" },
  published: { title: "Content published", hint: "When content you wrote goes live" },
  comment: { title: "Comments on my content", hint: "When someone comments on content you wrote or replies to your comment" },
  mention: { title: "Mentions of me", hint: "When someone @mentions you in a comment" },
  workflow_failed: { title: "Workflow run failed", hint: "When an agent pipeline run fails (Editors and Admins)" },
  publishing_problem: {
    title: "Publishing problems",
    hint: "When a post finally fails to go out, or a network needs reconnecting (Editors and Admins, and the item's author)",
  },
  writer_needed: {
    title: "A workflow run needs a writer",
    hint: "When a run you queued stops at the built-in assistant's outline for someone to write the piece",
  },
};

export function isNotificationEvent(value: string): value is NotificationEvent {
  return (NOTIFICATION_EVENTS as readonly string[]).includes(value);
}

/**
 * Who hears of an event: the item's author for outcomes, reviewers for review and failure events,
 * and for a mention exactly the members named (the caller passes them).
 */
export function audienceOf(event: NotificationEvent): "author" | "reviewers" | "named" {
  // A run that needs a writer tells the member who queued it (named by the caller).
  if (event === "mention" || event === "writer_needed") return "named";
  return event === "review_requested" || event === "workflow_failed" || event === "publishing_problem" ? "reviewers" : "author";
}

/** Preferences with defaults filled in: an event without a stored choice is on. */
export function effectivePreferences(stored: { event: string; enabled: boolean }[]): Record<NotificationEvent, boolean> {
  const prefs = Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, true])) as Record<NotificationEvent, boolean>;
  for (const { event, enabled } of stored) if (isNotificationEvent(event)) prefs[event] = enabled;
  return prefs;
}
