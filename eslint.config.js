// Lint: typescript-eslint's recommended rules, React hooks and jsx-a11y; formatting is Prettier's job.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ENGINE =
  "Ask app/db's interface for the concern (hot-reads, figures, listings, tracker, byte-store), not which engine runs (decision 068). A script given a URL: isPostgresUrl.";

const OUTBOUND = "Send requests through outboundFetch or modelFetch (~/adapters/outbound-fetch.server): it refuses private addresses.";
const OUTBOUND_SYNTAX = [
  {
    selector: "ImportDeclaration[source.value='undici'] ImportSpecifier[imported.name=/^(fetch|request|stream|pipeline|connect)$/]",
    message: OUTBOUND,
  },
  { selector: "CallExpression[callee.object.name=/^https?$/][callee.property.name=/^(request|get)$/]", message: OUTBOUND },
];
const ROUTE_ACTION =
  "A route's action is made by routeAction (~/web/action.server): the caller, the form, the handler and the reply in one place (decision 070).";

// The layers of app/, top to bottom (the developer guide draws them). app/root.tsx, app/entry.* and
// server/ sit above them all; components sit beside routes, for the browser.
const LAYERS = ["routes", "jobs", "services", "web", "adapters", "models", "crypto", "db", "domain"];

/** A regex matching an import of any of the given layers, by alias (`~/models/…`) or relative path (`../models/…`). */
const layerImport = (layers) => `^(~/|(\\.\\./)+)(${layers.join("|")})(/|$)`;

/** What a layer may not import: the layers above it, components, and server/. */
const above = (higher, layer) => [
  ...(higher.length > 0
    ? [{ regex: layerImport(higher), message: `app/${layer} sits below ${higher.join(", ")}: move the code down, not the import up.` }]
    : []),
  ...(layer === "routes"
    ? []
    : [{ regex: layerImport(["components"]), message: `app/${layer} renders nothing: components belong to routes.` }]),
  { regex: "(^|/)server/", message: "app/ never imports server/: the server starts the app, not the other way." },
];

/**
 * Which zod a layer imports (decision 071): raw rows are decoded with zod/v4 (30× faster a row), form
 * schemas, which reach the browser, with zod's main API (zod/v4 adds 33 kB gzipped to every page).
 */
const ROW_DECODERS = ["db", "models"];
const zodRule = (layer) =>
  ROW_DECODERS.includes(layer)
    ? { regex: "^zod$", message: "app/db and app/models decode rows with zod/v4 (decision 071)." }
    : { regex: "^zod/v4$", message: "Outside app/db and app/models, import zod: its schemas reach the browser (decision 071)." };

/** Rules a layer has besides the direction. */
const LAYER_EXTRAS = {
  domain: [
    {
      group: ["@prisma/*", "@remix-run/*", "react", "react-dom", "react/*", "react-dom/*"],
      message: "app/domain is pure: no Prisma, Remix or React.",
    },
    { regex: "\\.server$", message: "app/domain is pure: no server modules." },
  ],
  services: [
    { group: ["@prisma/client"], allowTypeImports: true, message: "Services reach the database through app/models." },
    { regex: "^~/db/(db|read-db)\\.server$", message: "Services reach the database through app/models." },
  ],
};

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".cache/", "node_modules/", "test-results/", "playwright-report/", "tests/.tmp/", "backups/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a value that is deliberately unused (a destructured field left out, say).
      // Sanitisers strip control characters on purpose.
      "no-control-regex": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The two classic hook rules; v7's React Compiler rules assume the compiler, which React 18 here does not use.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Labels wrap their input and a title/description pair of spans.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
      // Focus goes to the first field only where a member's own action opened that form, or on a sign-in page.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  // The layers (decision 040), written once: each may import only the layers below it. A rule here
  // is a wall; move the code, not the wall.
  ...LAYERS.map((layer, index) => ({
    files: [`app/${layer}/**/*.{ts,tsx}`],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [...above(LAYERS.slice(0, index), layer), zodRule(layer), ...(LAYER_EXTRAS[layer] ?? [])] },
      ],
    },
  })),
  {
    // Components run in the browser: domain code and plain libraries; a route's action and loader only as types.
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "\\.server$", message: "Components run in the browser: no .server module (put the type it needs in app/domain)." },
            { group: ["@prisma/*"], message: "Components run in the browser: no Prisma." },
            {
              regex: layerImport(["routes"]),
              allowTypeImports: true,
              message: "Components take a route's data as `typeof loader`/`typeof action` types only.",
            },
            {
              regex: layerImport(LAYERS.filter((l) => l !== "domain" && l !== "routes")),
              message: "Components import app/domain and other components only.",
            },
            { regex: "(^|/)server/", message: "app/ never imports server/: the server starts the app, not the other way." },
            zodRule("components"),
          ],
        },
      ],
    },
  },
  {
    // The server starts the built app: it reaches routes and components through the build only.
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+app/)(routes|components)(/|$)",
              message: "server/ reaches routes and components through the build only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)server/", message: "app/ never imports server/." }] },
      ],
    },
  },
  // Every request the studio sends out goes through its one outbound client (app/adapters/outbound-fetch.server.ts),
  // which refuses private addresses and names each failure. The browser's hooks fetch the studio's own routes.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["app/adapters/outbound-fetch.server.ts", "app/components/**", "**/*.test.ts"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: OUTBOUND }],
      "no-restricted-properties": [
        "error",
        ...["globalThis", "global", "window", "self"].map((object) => ({ object, property: "fetch", message: OUTBOUND })),
      ],
      "no-restricted-syntax": ["error", ...OUTBOUND_SYNTAX],
    },
  },
  // Every route action is made by routeAction (decision 070): `export const action = routeAction({…})` in a
  // resource route, `export function action(args) { return routeAction({…})(args); }` in a page route.
  // This block repeats the outbound selectors: a later no-restricted-syntax replaces an earlier one.
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...OUTBOUND_SYNTAX,
        {
          selector:
            "ExportNamedDeclaration > FunctionDeclaration[id.name='action']:not([body.body.length=1]:has(ReturnStatement > CallExpression.argument > CallExpression.callee[callee.name='routeAction']))",
          message: ROUTE_ACTION,
        },
        {
          selector:
            "ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name='action']:not([init.type='CallExpression'][init.callee.name='routeAction'])",
          message: ROUTE_ACTION,
        },
        { selector: "ExportSpecifier[exported.name='action']", message: ROUTE_ACTION },
      ],
    },
  },
  // The four wrappers routeAction replaced (decision 070).
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "~/web/action.server",
              importNames: ["intentAction", "formAction", "resourceIntentAction", "resourceFormAction"],
              message: ROUTE_ACTION,
            },
          ],
        },
      ],
    },
  },
  // The engine is told apart in one place (decision 068): app/db picks each concern's body with perEngine.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["app/db/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)db/engine\\.server$", importNames: ["onPostgres", "databaseEngine", "engineOf"], message: ENGINE }] },
      ],
    },
  },
  prettier,
);
