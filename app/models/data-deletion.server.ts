// Meta data deletion requests carried out (issue 36): only the code Meta shows the person and when it
// was done, for the status page. Who asked is not kept.
import { randomBytes } from "node:crypto";
import { prisma } from "~/db/db.server";
import { enterWorkspaceOf } from "~/db/workspace-scope.server";

/** Records a deletion as done and answers its code (unguessable: the status page needs no sign-in). */
export async function recordDataDeletion(now = new Date()): Promise<string> {
  const code = randomBytes(12).toString("base64url");
  await prisma.dataDeletion.create({ data: { code, doneAt: now } });
  return code;
}

/** A public status page's request, from any workspace (decision 073). */
export function dataDeletionByCode(code: string) {
  return enterWorkspaceOf(() =>
    prisma.dataDeletion.findUnique({ where: { code }, select: { workspaceId: true, code: true, doneAt: true } }),
  );
}
