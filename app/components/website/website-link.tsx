import { Link } from "@remix-run/react";

/** Settings › Integrations points to the website tracker, API tokens and CSV import (their own page). */
export function WebsiteLink() {
  return (
    <p className="mt-1 text-sm text-slate-600">
      Website tracking, metrics API tokens and CSV import:{" "}
      <Link to="/settings/website" className="font-medium text-indigo-700 underline hover:text-indigo-900">
        Website &amp; metrics
      </Link>
    </p>
  );
}
