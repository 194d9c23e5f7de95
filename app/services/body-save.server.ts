// Every body write from a request (the version-checked save, an accepted assistant proposal, a
// revision restored) goes through the item's co-editing document when one is open (decision 022).
import { mergeKeeping, mergeText } from "~/domain/merge-text";
import { bodyAtVersion, cutRevision } from "~/models/content-doc.server";
import { restoreRevision, saveBody, type SaveResult } from "~/models/content-write.server";
import { getBodyVersion, getVersionStamp } from "~/models/content.server";
import { getItemRevision, revisionNumber } from "~/models/revision.server";
import { flushDocument, liveText, writeThroughDocument } from "./collaboration.server";

export interface BodyChange {
  /** The version the writer saw. Without `base`, a newer version on the server is a conflict (409). */
  version: number;
  /** The text the change was made from (a live editor): the change is merged instead of refused. */
  base?: string;
  body?: string;
  restore?: string;
  label: string;
}

export type BodySaveResult =
  | SaveResult
  | { ok: false; reason: "no-revision" }
  | { ok: false; reason: "conflict"; current: { body: string; version: number }; merged: string | null };

export async function saveItemBody(id: string, change: BodyChange, user: { id: string; name: string }): Promise<BodySaveResult> {
  // Live typing not yet written to the row counts as a newer version: store it (and its revision) first.
  if (liveText(id) !== null) await flushDocument(id);
  const item = await getBodyVersion(id);
  if (!item) return { ok: false, reason: "missing" };
  const revision = change.restore ? await getItemRevision(id, change.restore) : null;
  if (change.restore && !revision) return { ok: false, reason: "no-revision" };
  const next = revision ? revision.body : (change.body ?? "");
  const label = revision ? `Restored version ${await revisionNumber(id, change.restore!)}` : change.label;
  const live = liveText(id);
  const current = live ?? item.body;

  if (change.base === undefined && change.version !== item.version) {
    const base = await bodyAtVersion(id, change.version);
    const merge = base === null || revision ? null : mergeText(base, next, current);
    return { ok: false, reason: "conflict", current: { body: current, version: item.version }, merged: merge?.clean ? merge.text : null };
  }
  // A restore brings the revision back whole; anything else keeps what others typed since `base`.
  const base = revision ? current : (change.base ?? item.body);
  if (live !== null) {
    const landed = (await writeThroughDocument(id, base, next)) ?? next;
    await cutRevision(id, [user], new Date(), label);
    const saved = await getVersionStamp(id);
    return { ok: true, version: saved.version, updatedAt: saved.updatedAt, body: landed };
  }
  if (revision) return restoreRevision(id, change.restore!, item.version, user.id, new Date(), label);
  return saveBody(id, mergeKeeping(base, next, item.body), item.version, user.id, new Date(), label);
}
