// Lint: typescript-eslint's recommended rules, React hooks and jsx-a11y; formatting is Prettier's job.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  // The layers (decision 040): what each part of app/ may import. A rule here is a wall; move the code, not the wall.
  {
    files: ["app/domain/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@prisma/*", "@remix-run/*", "react", "react-dom", "react/*", "react-dom/*"],
              message: "app/domain is pure: no Prisma, Remix or React.",
            },
            {
              regex: "^~/(db|models|services|web|jobs|adapters|routes|components|crypto)(/|$)",
              message: "app/domain is pure: it imports only domain code and plain libraries.",
            },
            { regex: "\\.server$", message: "app/domain is pure: no server modules." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "\\.server$",
              message: "Components run in the browser: no .server module (put the type it needs in app/domain).",
            },
            { group: ["@prisma/*"], message: "Components run in the browser: no Prisma." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/services/**/*.{ts,tsx}"],
    ignores: ["app/services/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@prisma/client"], allowTypeImports: true, message: "Services reach the database through app/models." },
            { regex: "^~/db/(db|read-db)\\.server$", message: "Services reach the database through app/models." },
            { regex: "^~/routes(/|$)", message: "Services know nothing of routes." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/models/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|\\.\\./)(services|jobs|routes|adapters|web)(/|$)",
              message: "Models own one entity's data: they call no services, jobs, routes, adapters or web code.",
            },
          ],
        },
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
  prettier,
);
