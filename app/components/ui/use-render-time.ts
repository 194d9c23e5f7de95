import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/**
 * When the server loaded this page's data. Relative times rendered into the page ("just now",
 * "5 minutes ago") use it, so the server's HTML and the browser's hydration print the same text
 * even when a minute boundary falls between them (a mismatch makes React re-render the page and
 * drop what the user has typed meanwhile). It moves on with every revalidation.
 */
export function useRenderTime(): Date {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data ? new Date(data.now) : new Date();
}
