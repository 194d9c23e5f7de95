import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import { requireUser } from "~/web/session.server";

export const meta = () => [{ title: "Page not found · Content Studio" }];

// Any URL no other route matches: a 404 inside the shell, with the way back.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request); // signed out: sign in first, like every other page
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null; // the loader always throws; the boundary below renders
}

export function ErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto mt-12 max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 break-words text-slate-600">
        Nothing lives at <code className="rounded bg-slate-100 px-1">{pathname}</code>. The link may be old or mistyped.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Back to the dashboard
        </Link>
        <Link
          to="/library"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-200 px-4 text-sm font-medium hover:bg-slate-50"
        >
          Open the library
        </Link>
      </div>
    </div>
  );
}
