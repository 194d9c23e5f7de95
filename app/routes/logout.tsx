import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "~/web/session.server";

// Signing out changes state, so it only happens on POST; a GET just goes home.
export const loader = () => redirect("/");

export async function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}
