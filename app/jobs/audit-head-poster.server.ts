// Once a day: the audit chain's head goes to the address in Settings › Audit log (decision 075). A job
// loop like the others (decision 069) that ignores commits: it sleeps until the next UTC day, a retry's
// time, or a nudge when the address is saved.
import { postDueHeads } from "~/services/audit-head-post.server";
import { startJobLoop } from "./job-loop.server";

const HOUR = 3_600_000;

export function startAuditHeadPoster(): { stop(): void } {
  return startJobLoop("audit-head", { minMs: HOUR, maxMs: HOUR, unref: true, version: () => 0 }, () => postDueHeads(new Date()));
}
