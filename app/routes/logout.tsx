import { redirect } from "@remix-run/node";
import { anyone, routeAction } from "~/web/action.server";
import { signOut } from "~/web/session.server";

// Signing out changes state, so it only happens on POST; a GET just goes home.
export const loader = () => redirect("/");

// Anyone: signing out ends only the session the request carries (none, none ended).
export const action = routeAction({ caller: anyone, readForm: false, resource: true, handler: ({ request }) => signOut(request) });
