import fs from "node:fs";
import path from "node:path";
import type { run } from "./route-helpers";

// Every route module Remix's flat routes would see, imported, with its URL pattern.
const ROUTES_DIR = path.resolve("app/routes");

export type Handler = Parameters<typeof run>[0];
export interface RouteEntry {
  id: string;
  file: string;
  /** Names of the $params in the id, e.g. ["id"] for content.$id.save. */
  params: string[];
  pathFor(params: Record<string, string>): string;
  module: { loader?: Handler; action?: Handler };
}

function routeFiles(): { id: string; file: string }[] {
  return fs.readdirSync(ROUTES_DIR, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(ROUTES_DIR, entry.name);
    if (entry.isDirectory()) {
      const file = ["route.tsx", "route.ts"].map((f) => path.join(full, f)).find((f) => fs.existsSync(f));
      return file ? [{ id: entry.name, file }] : [];
    }
    if (!/^[^.].*\.(tsx|ts)$/.test(entry.name) || /\.(test|spec|server)\./.test(entry.name)) return [];
    return [{ id: entry.name.replace(/\.[jt]sx?$/, ""), file: full }];
  });
}

export async function loadRoutes(): Promise<RouteEntry[]> {
  return Promise.all(
    routeFiles().map(async ({ id, file }) => {
      const segments = id.split(".").filter((s) => s !== "_index");
      const params = segments.filter((s) => s.startsWith("$")).map((s) => s.slice(1));
      const pathFor = (values: Record<string, string>) =>
        `/${segments.map((s) => (s.startsWith("$") ? encodeURIComponent(values[s.slice(1)] ?? "") : s)).join("/")}`;
      return { id, file, params, pathFor, module: await import(file) };
    }),
  );
}
