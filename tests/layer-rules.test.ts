// Issue 49: the linter holds every layer. Each rule is probed with an import it must refuse and one it
// must let through, linted as if the file lived in that layer.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint();

async function refusals(file: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const probe = x;\n`, { filePath: file });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

const REFUSED: [string, string][] = [
  ["app/domain/probe.ts", 'import { x } from "~/models/user.server";'],
  ["app/domain/probe.ts", 'import { x } from "react";'],
  ["app/db/probe.server.ts", 'import { x } from "~/models/user.server";'],
  ["app/db/probe.server.ts", 'import { x } from "../../server/migrate";'],
  ["app/crypto/probe.server.ts", 'import { x } from "~/models/user.server";'],
  ["app/models/probe.server.ts", 'import { x } from "~/services/approvals.server";'],
  ["app/models/probe.server.ts", 'import { x } from "../adapters/outbound-fetch.server";'],
  ["app/adapters/probe.server.ts", 'import { x } from "~/web/reply.server";'],
  ["app/web/probe.server.ts", 'import { x } from "~/services/approvals.server";'],
  ["app/services/probe.server.ts", 'import { x } from "~/jobs/idle-wait.server";'],
  ["app/services/probe.server.ts", 'import { x } from "~/db/db.server";'],
  ["app/services/probe.server.ts", 'import { x } from "~/components/ui/button";'],
  ["app/jobs/probe.server.ts", 'import { x } from "~/routes/editor/route";'],
  ["app/routes/probe.tsx", 'import { x } from "../../server/migrate";'],
  ["app/components/probe.tsx", 'import { x } from "~/models/user.server";'],
  ["app/components/probe.tsx", 'import { x } from "~/web/public-url.server";'],
  ["app/components/probe.tsx", 'import { x } from "~/routes/editor/route";'],
  ["server/probe.ts", 'import { x } from "~/routes/editor/route";'],
  ["app/models/probe.server.ts", 'import { z as x } from "zod";'],
  ["app/domain/probe.ts", 'import { z as x } from "zod/v4";'],
  ["app/components/probe.tsx", 'import { z as x } from "zod/v4";'],
];

const ALLOWED: [string, string][] = [
  ["app/domain/probe.ts", 'import { x } from "./permissions";'],
  ["app/db/probe.server.ts", 'import { x } from "~/domain/permissions";'],
  ["app/models/probe.server.ts", 'import { x } from "~/db/db.server";'],
  ["app/services/probe.server.ts", 'import { x } from "~/web/public-url.server";'],
  ["app/jobs/probe.server.ts", 'import { x } from "~/services/approvals.server";'],
  ["app/routes/probe.tsx", 'import { x } from "~/components/ui/button";'],
  ["app/components/probe.tsx", 'import type { x } from "~/routes/editor/route";'],
  ["server/probe.ts", 'import { x } from "~/db/db.server";'],
  ["app/db/probe.server.ts", 'import { z as x } from "zod/v4";'],
  ["app/domain/probe.ts", 'import { z as x } from "zod";'],
];

describe("the layers the linter holds", () => {
  // The first lint loads the config and its plugins.
  beforeAll(() => refusals("app/domain/probe.ts", ""), 60_000);
  it.each(REFUSED)("refuses in %s: %s", async (file, source) => {
    expect((await refusals(file, source)).length).toBeGreaterThan(0);
  });
  it.each(ALLOWED)("lets through in %s: %s", async (file, source) => {
    expect(await refusals(file, source)).toEqual([]);
  });
});
