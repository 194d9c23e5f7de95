import fs from "node:fs";
import path from "node:path";

// A private copy of the migrated template per worker, so tests never share a file.
const dir = path.resolve("tests/.tmp");
const file = path.join(dir, `worker-${process.env.VITEST_POOL_ID ?? "0"}-${process.pid}.db`);
if (!fs.existsSync(file)) fs.copyFileSync(path.join(dir, "template.db"), file);
process.env.DATABASE_URL = `file:${file}`;
