import { useEffect, useRef } from "react";
import { useRenderTime } from "~/components/ui/use-render-time";
import type { Failure, Success } from "~/domain/reply";
import { namesList } from "~/domain/revision-history";
import { timeAgo } from "~/domain/relative-time";
import { buttonClass, primaryClass } from "./editor-buttons";
import type { Revision } from "./history-panel";

/**
 * Restore asks first (issue 33): whose words since that version will change, and that the current text
 * stays in History. A plain form without scripts (posted to the editor's `restore` intent, checked
 * against the version shown); with scripts, `onConfirm` restores through the live document instead.
 */
export function RestoreConfirm(props: {
  itemId: string;
  version: number;
  revision: Revision;
  /** Everyone whose words are in the text now but not in that version. */
  changing: string[];
  onConfirm(): void;
  onCancel(): void;
}) {
  const now = useRenderTime();
  const { revision, changing } = props;
  const historyUrl = `/editor?id=${encodeURIComponent(props.itemId)}&history=1`;
  const form = useRef<HTMLFormElement>(null);
  // Opened by a click: what it asks is read first (the page's own load leaves focus where it is).
  useEffect(() => form.current?.focus(), [revision.id]);
  return (
    <form
      ref={form}
      tabIndex={-1}
      method="post"
      action={historyUrl}
      aria-labelledby="restore-title"
      aria-describedby="restore-what"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="restore-confirm"
      onSubmit={(e) => {
        e.preventDefault();
        props.onConfirm();
      }}
    >
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="id" value={props.itemId} />
      <input type="hidden" name="revision" value={revision.id} />
      <input type="hidden" name="version" value={props.version} />
      <h3 id="restore-title" className="font-semibold">
        Restore version {revision.number}?
      </h3>
      <p id="restore-what" className="mt-1">
        The text becomes version {revision.number} as it was {timeAgo(revision.at, now)}.{" "}
        {changing.length ? `Words written since by ${namesList(changing)} will change.` : "Nobody has changed the text since that version."}{" "}
        Today&apos;s text stays in History, and everyone editing sees the change at once.
      </p>
      <p className="mt-3 flex flex-wrap gap-2">
        <button type="submit" className={primaryClass}>
          Yes, restore version {revision.number}
        </button>
        <a
          href={historyUrl}
          className={buttonClass}
          onClick={(e) => {
            e.preventDefault();
            props.onCancel();
          }}
        >
          Cancel
        </a>
      </p>
    </form>
  );
}

type RestoreReply = Success<{ intent: "restore"; message: string }> | Failure<{ intent: "restore"; revision?: string }>;

/** What a restore posted without scripts answered; refused as stale, a link asks again. */
export function RestoreOutcome({ itemId, reply }: { itemId: string; reply: RestoreReply }) {
  if (reply.ok)
    return (
      <p role="status" className="mb-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
        {reply.message}
      </p>
    );
  const again = "revision" in reply && reply.revision ? reply.revision : null;
  return (
    <p role="alert" className="mb-3 rounded-lg border border-rose-200 bg-rose-50 px-4 py-2 text-sm text-rose-800">
      {reply.formError}{" "}
      {again ? (
        <a
          className="font-medium underline"
          href={`/editor?id=${encodeURIComponent(itemId)}&restore=${encodeURIComponent(again)}#restore-title`}
        >
          Look again
        </a>
      ) : null}
    </p>
  );
}
