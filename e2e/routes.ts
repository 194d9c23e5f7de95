import fs from "node:fs";
import path from "node:path";
import { NAV } from "../app/components/shell/nav";

/** The six screens, read from the sidebar so a new screen is covered without editing the specs. */
export const SCREENS = NAV.map((n) => ({ path: n.to, label: n.label }));

const ROUTES_DIR = path.resolve("app/routes");

/** Flat route files as URL paths, "$param" segments filled with `param`; `resource` when the module renders nothing. */
export function discoverRoutes(param = "missing-id") {
  return fs.readdirSync(ROUTES_DIR, { withFileTypes: true }).flatMap((entry) => {
    const file = entry.isDirectory() ? path.join(ROUTES_DIR, entry.name, "route.tsx") : path.join(ROUTES_DIR, entry.name);
    if (!fs.existsSync(file) || !/\.(tsx|ts)$/.test(file) || /\.(test|spec|server)\./.test(file)) return [];
    const id = entry.name.replace(/\.[jt]sx?$/, "");
    const source = fs.readFileSync(file, "utf8");
    // Remix's flat-route spelling: "settings_" leaves its parent's layout, "[.json]" is a literal dot.
    const segments = id
      .replace(/\[([^\]]*)\]/g, (_, literal: string) => literal.replace(/\./g, "\u0000"))
      .split(".")
      .map((s) => s.replace(/\u0000/g, ".").replace(/_$/, ""))
      .map((s) => (s === "_index" ? "" : s.startsWith("$") ? param : s));
    return [
      {
        id,
        path: `/${segments.filter(Boolean).join("/")}`,
        resource: !/export default/.test(source),
        hasLoader: /export (async )?function loader|export const loader/.test(source),
        hasAction: /export (async )?function action|export const action/.test(source),
      },
    ];
  });
}
