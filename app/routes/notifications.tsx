import { redirect } from "@remix-run/node";
import { routeAction, type ActionInput } from "~/web/action.server";
import { markNotificationsRead } from "~/models/notification.server";
import { ok } from "~/web/reply.server";

// The bell's list comes with the root loader; this route only marks it read.
export const loader = () => redirect("/");

// No permission: it marks only the member's own notifications.
async function read({ user }: ActionInput) {
  const { count } = await markNotificationsRead(user.id);
  return ok({ marked: count });
}

export const action = routeAction({ intents: { read }, resource: true, unknownIntent: () => "Unknown notifications action." });
