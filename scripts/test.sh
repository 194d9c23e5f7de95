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
npm run typecheck
npm run lint
npx vitest run
npm run build
node scripts/bundle-budget.mjs
npx playwright test
