import { useFetcher } from "@remix-run/react";
import { messageOf } from "~/domain/reply";
import type { action } from "~/routes/settings/route";

export function useSettingsFetcher(key: string) {
  return useFetcher<typeof action>({ key });
}

/** What a settings action answered, as the panels read it. */
export type SettingsReply = NonNullable<ReturnType<typeof useSettingsFetcher>["data"]>;

/** The field messages of a failed reply; none for a success. */
export const errorsOf = (reply?: SettingsReply): Record<string, string | undefined> => (reply && !reply.ok ? reply.fieldErrors : {});

export function ReplyMessage({ reply, className = "" }: { reply?: SettingsReply; className?: string }) {
  const message = messageOf(reply);
  if (!message) return null;
  return (
    <p
      role={reply?.ok ? "status" : "alert"}
      className={`text-sm font-medium ${reply?.ok ? "text-emerald-700" : "text-rose-600"} ${className}`}
    >
      {message}
    </p>
  );
}

export const secondaryButton =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 sm:min-h-0";
export const primaryButtonSm =
  // 44 px tall on phones (touch targets), compact from 640 px.
  "inline-flex min-h-11 items-center gap-2 rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60 sm:min-h-0";
