#!/usr/bin/env bash
# The README's test command: typecheck, unit tests against real SQLite, then
# Playwright in Debian's Chromium against the built app on a freshly seeded database.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null; then
  echo "Installing Debian's Chromium for the browser tests…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

npx prisma generate >/dev/null
# Vitest uses one fork per core but one; typecheck and build take the other core meanwhile.
log=$(mktemp)
( npm run typecheck && npm run lint && npm run format:check && npm run build && node scripts/bundle-budget.mjs ) >"$log" 2>&1 &
checks=$!
vitest_status=0
npx vitest run || vitest_status=$?
checks_status=0
wait "$checks" || checks_status=$?
cat "$log"
rm -f "$log"
if [ "$vitest_status" != 0 ] || [ "$checks_status" != 0 ]; then exit 1; fi
npx playwright test
