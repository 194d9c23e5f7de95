// Exits 0 when the test PostgreSQL server answers (TEST_POSTGRES_URL, else the build machines'
// 127.0.0.1:5432); otherwise prints why and exits 1, or 2 under REQUIRE_POSTGRES=1 (scripts/test.sh).
import "../server/require-node"; // first: refuses an older Node before anything loads
import { postgresUnavailable } from "../tests/postgres";

try {
  process.exit((await postgresUnavailable()) === null ? 0 : 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
