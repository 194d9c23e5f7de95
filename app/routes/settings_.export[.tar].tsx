// /settings/export.tar: everything the workspace holds, for its Admins (decision 079): a tar of one JSON
// file per owned table, its members' accounts, its upload files and manifest.json (row counts and the
// SHA-256 of each file), streamed as it is read. The export is itself logged, first, so it is in the archive.
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { workspaceArchive } from "~/models/workspace-archive.server";
import { authorize } from "~/web/authorize.server";
import { requireUser } from "~/web/session.server";

const fileName = (name: string, now: Date) =>
  `workspace-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "export"
  }-${now.toISOString().slice(0, 10)}.tar`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  authorize(user, "workspace.export");
  const now = new Date();
  await recordAudit({
    actor: memberActor(user),
    action: "workspace.exported",
    object: { type: "workspace", id: user.workspaceId, title: user.workspaceName },
  });
  const body = Readable.toWeb(workspaceArchive(now)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-tar",
      "Content-Disposition": `attachment; filename="${fileName(user.workspaceName, now)}"`,
      "Cache-Control": "no-store",
    },
  });
}
