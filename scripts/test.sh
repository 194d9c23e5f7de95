#!/usr/bin/env bash
# The README's test command: typecheck, lint, format, build and bundle budget beside the unit tests
# (real SQLite), the same suites on PostgreSQL when one answers, then Playwright in Chromium against
# the built app on a freshly seeded database.
# Each phase prints its wall time and the load average (scripts/phase.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/phase.sh

# CHROMIUM_PATH, otherwise a Chromium on the PATH; without one, say what to install before the long phases.
node scripts/lib/chromium.mjs >/dev/null

phase prisma-generate sh -c "npx prisma generate >/dev/null && npx prisma generate --schema prisma/postgresql/schema.prisma >/dev/null"
# Vitest runs two forks (vitest.config.ts); the checks share the cores with them for their first two minutes.
log=$(mktemp)
(
  phase typecheck npm run -s typecheck &&
    phase lint npm run -s lint &&
    phase format npm run -s format:check &&
    phase build npm run -s build &&
    phase budget node scripts/bundle-budget.mjs
) >"$log" 2>&1 &
checks=$!
vitest_status=0
phase vitest npx vitest run || vitest_status=$?
checks_status=0
wait "$checks" || checks_status=$?
cat "$log"
rm -f "$log"
if [ "$vitest_status" != 0 ] || [ "$checks_status" != 0 ]; then exit 1; fi
# The same suites again on PostgreSQL when one answers (decision 061); .ci/run requires it, so there
# they never skip. Two cores: after the SQLite run, not beside it.
reachable=0
npx tsx scripts/postgres-reachable.ts || reachable=$?
case "$reachable" in
  0) phase vitest-postgresql env TEST_ENGINE=postgresql npx vitest run ;;
  1) echo "skipped: the Vitest suites on PostgreSQL (the reason is above)" ;;
  *) exit 1 ;;
esac
phase playwright npx playwright test
