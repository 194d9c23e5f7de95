// What an approver was shown of one channel post, fixed at sign-off (decision 074): the text as it
// will be sent, each media file's SHA-256, the link with its UTM parameters, the account it goes out
// from and the scheduled time. Stored as canonical JSON beside its hash, so a later difference is named.

export interface FingerprintParts {
  text: string;
  /** SHA-256 (hex) of each media file, in the order they are attached. */
  media: readonly string[];
  /** The link as a reader lands on it, UTM parameters included, or null. */
  link: string | null;
  /** The connection it goes out from: the integration and the handle it posts as. */
  account: { integration: string; handle: string | null };
  /** ISO time, or null when it goes with the item. */
  scheduledAt: string | null;
}

/** JSON with object keys sorted at every depth: the same parts always give the same text (and hash). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

export type PartName = "text" | "media" | "link" | "account" | "time";

const PART_LABELS: Record<PartName, string> = {
  text: "the text",
  media: "a media file",
  link: "the link or its UTM parameters",
  account: "the account it goes out from",
  time: "the scheduled time",
};

/** The parts that differ between what was approved and what would go out now. */
export function changedParts(approved: FingerprintParts, now: FingerprintParts): PartName[] {
  const out: PartName[] = [];
  if (approved.text !== now.text) out.push("text");
  if (canonicalJson(approved.media) !== canonicalJson(now.media)) out.push("media");
  if (approved.link !== now.link) out.push("link");
  if (canonicalJson(approved.account) !== canonicalJson(now.account)) out.push("account");
  if (approved.scheduledAt !== now.scheduledAt) out.push("time");
  return out;
}

/**
 * Whether the changes cost the approval: any change but the time does; a change of time alone only
 * when the chain says "re-approve when only the time changes" (off by default).
 */
export function losesApproval(changes: readonly PartName[], reapproveOnTimeChange: boolean): boolean {
  if (changes.length === 0) return false;
  return changes.some((c) => c !== "time") || reapproveOnTimeChange;
}

export const describeChanges = (changes: readonly PartName[]) => changes.map((c) => PART_LABELS[c]).join(", ");

/** Steps' approvals in chain order, each with the parts its approver saw for this post (null: none stored). */
export interface StepApproval {
  step: number;
  parts: FingerprintParts | null;
}

/** The first step whose approval the post lost (it goes back there), or null when every approval still holds. */
export function stepLost(approvals: readonly StepApproval[], now: FingerprintParts, reapproveOnTimeChange: boolean): number | null {
  for (const a of [...approvals].sort((x, y) => x.step - y.step)) {
    if (!a.parts) return a.step;
    if (losesApproval(changedParts(a.parts, now), reapproveOnTimeChange)) return a.step;
  }
  return null;
}

export const changedLabel = (waitingFor: string) => `Changed after approval: waiting for ${waitingFor}`;
