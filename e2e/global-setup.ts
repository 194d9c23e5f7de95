import fs from "node:fs";
import { MEMBERS, authFile, type RoleName } from "./accounts";
import { E2E } from "./env";
import { cookie, createSession, memberByEmail, openDb } from "./factory";

/**
 * After the webServer has seeded its database: one session per sample role (saved as storageState,
 * so no test signs in through the form unless it tests that), then a consistent copy of that
 * database as the template each worker's server starts from.
 */
export default async function globalSetup() {
  await E2E.waitForHealth(E2E.freshUrl);
  const db = openDb(E2E.freshDb);
  try {
    fs.mkdirSync("e2e/.auth", { recursive: true });
    for (const role of Object.keys(MEMBERS) as RoleName[]) {
      const { id } = memberByEmail(db, MEMBERS[role].email);
      fs.writeFileSync(authFile(role), JSON.stringify({ cookies: [cookie(createSession(db, id))], origins: [] }));
    }
    fs.rmSync(E2E.templateDb, { force: true });
    db.prepare("VACUUM INTO ?").run(E2E.templateDb);
  } finally {
    db.close();
  }
  return () => fs.rmSync(E2E.templateDb, { force: true });
}
