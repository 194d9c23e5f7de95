import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { UNANSWERED, unanswered } from "~/components/keep-shown";

/** A route's error panel: the shell stays, the message is plain, no stack trace. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : typeof error.data?.formError === "string"
        ? error.data.formError
        : error.statusText
    : unanswered(error)
      ? UNANSWERED
      : "Something went wrong on our side. Please try again.";
  return (
    <div role="alert" className="mx-auto mt-12 max-w-lg rounded-xl border border-rose-200 bg-white p-8 text-center">
      <p className="text-sm font-semibold text-rose-600">
        {status === 404 ? "Not found" : status === 403 ? "Not allowed" : unanswered(error) ? "Offline" : `Error ${status}`}
      </p>
      <p className="mt-2 text-slate-700">{message}</p>
      {/* A way on from here: where the thing may be, or back to the start. */}
      <p className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm font-medium">
        {status === 404 ? (
          <Link to="/library" className="text-indigo-700 underline underline-offset-2">
            Open the Content Library
          </Link>
        ) : null}
        <Link to="/" className="text-indigo-700 underline underline-offset-2">
          Back to the Dashboard
        </Link>
      </p>
    </div>
  );
}
