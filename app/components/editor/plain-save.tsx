import { Form } from "@remix-run/react";
import type { Failure, Success } from "~/domain/reply";

export const PLAIN_SAVE_FORM = "plain-save";

/**
 * Without scripts the body textarea (form="plain-save") is sent by this form to the editor's
 * version-checked save. Inside <noscript>, so with scripts it does not exist and autosave saves.
 */
export function PlainSaveForm({ id, version, canEdit }: { id: string; version: number; canEdit: boolean }) {
  if (!canEdit) return null;
  return (
    <noscript>
      <Form method="post" id={PLAIN_SAVE_FORM} className="mt-3 flex items-center gap-3">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="version" value={version} />
        <button type="submit" className="min-h-11 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700">
          Save text
        </button>
        <span className="text-sm text-slate-500">Scripts are off: the text saves when you press Save.</span>
      </Form>
    </noscript>
  );
}

type SaveReply = Success<{ intent: "save"; message: string }> | Failure<{ intent: "save"; mine?: string }>;

/** What a plain save answered: saved, refused beside the text, or a conflict keeping the member's text. */
export function PlainSaveOutcome({ reply }: { reply: SaveReply }) {
  if (reply.ok) {
    return (
      <p role="status" className="mb-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
        {reply.message}
      </p>
    );
  }
  return (
    <div role="alert" className="mb-3 rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800">
      <p>{reply.formError}</p>
      {"mine" in reply && reply.mine !== undefined ? (
        <>
          <label htmlFor="mine" className="mt-2 block font-medium">
            Your version (not saved)
          </label>
          <textarea
            id="mine"
            readOnly
            defaultValue={reply.mine}
            className="mt-1 block h-40 w-full rounded-lg border border-rose-200 bg-white p-3"
          />
        </>
      ) : null}
    </div>
  );
}
