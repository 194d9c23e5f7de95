import { useFetcher } from "@remix-run/react";

/** The shape every settings action answers with (see routes/settings/reply.server.ts). */
export interface SettingsReply {
  intent: string;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  link?: string;
  target?: string;
}

export function useSettingsFetcher(key: string) {
  return useFetcher<SettingsReply>({ key });
}

export function ReplyMessage({ reply, className = "" }: { reply?: SettingsReply; className?: string }) {
  if (!reply?.message) return null;
  return (
    <p role={reply.ok ? "status" : "alert"} className={`text-sm font-medium ${reply.ok ? "text-emerald-700" : "text-rose-600"} ${className}`}>
      {reply.message}
    </p>
  );
}

export const secondaryButton =
  "inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
export const primaryButtonSm =
  "inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60";
