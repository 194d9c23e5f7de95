import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { routeAction, type ActionInput } from "~/web/action.server";
import { PresenceSchema } from "~/domain/editor-forms";
import { canEditContent } from "~/domain/permissions";
import { getEditAccess } from "~/models/content.server";
import { editingNow, leaveEditing, markEditing } from "~/models/presence.server";
import { invalid, ok } from "~/web/reply.server";
import { requireUser } from "~/web/session.server";

// The editor's presence: a beat every few seconds while it is open, and "leave" on pagehide (a beacon).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/");
}

// No permission: a beat and a leave change only the member's own presence. A member who may only
// read the item is reading it, not editing: the beat marks nothing.
async function beat({ user, fields }: ActionInput) {
  const parsed = PresenceSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error);
  const now = new Date();
  const access = await getEditAccess(parsed.data.contentId);
  if (access && canEditContent(user, access)) await markEditing(parsed.data.contentId, user.id, now);
  return ok({ editing: [...(await editingNow(parsed.data.contentId, now))] });
}

async function leave({ user, fields }: ActionInput) {
  const parsed = PresenceSchema.safeParse(fields);
  if (!parsed.success) return invalid(parsed.error);
  await leaveEditing(parsed.data.contentId, user.id);
  return ok({ editing: [] as string[] });
}

export const action = routeAction({ intents: { beat, leave }, resource: true, unknownIntent: () => "Unknown presence action." });
