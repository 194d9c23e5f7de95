import { formatDistanceStrict } from "date-fns";

/** "4 minutes ago", "2 days ago"; "just now" under a minute. */
export function timeAgo(date: Date | string, now = new Date()): string {
  const then = typeof date === "string" ? new Date(date) : date;
  if (now.getTime() - then.getTime() < 60_000) return "just now";
  return `${formatDistanceStrict(then, now)} ago`;
}
