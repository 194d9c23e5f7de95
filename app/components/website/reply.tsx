import type { CsvPreviewRow } from "~/domain/platform-metrics";

/** What the Website page's action answers; each card shows the reply to its own intents. */
export type WebsiteReply =
  | {
      ok: boolean;
      intent?: string;
      message?: string;
      formError?: string | null;
      fieldErrors?: Record<string, string>;
      token?: string;
      csv?: string;
      good?: CsvPreviewRow[];
      errors?: { row: number; field?: string; message: string }[];
    }
  | undefined;

export const replyFor = (reply: WebsiteReply, ...intents: string[]) => (reply && intents.includes(reply.intent ?? "") ? reply : undefined);
export const messageOf = (reply: WebsiteReply) => (reply ? (reply.ok ? reply.message : reply.formError) : "") ?? "";
export const errorsOf = (reply: WebsiteReply): Record<string, string | undefined> => (reply && !reply.ok ? (reply.fieldErrors ?? {}) : {});

export function Outcome({ reply }: { reply: WebsiteReply }) {
  const message = messageOf(reply);
  if (!message) return null;
  return (
    <p role={reply?.ok ? "status" : "alert"} className={`mt-3 text-sm font-medium ${reply?.ok ? "text-emerald-700" : "text-rose-600"}`}>
      {message}
    </p>
  );
}
