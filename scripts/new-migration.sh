#!/usr/bin/env bash
# Writes a migration from the committed schema to the edited one, without `migrate dev`
# (which needs an engine binary we cannot download). Usage: npm run db:migration -- name
set -euo pipefail
name="${1:?usage: npm run db:migration -- <name>}"
prev="$(mktemp)"
git show HEAD:prisma/schema.prisma > "$prev"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
npx prisma migrate diff --from-schema-datamodel "$prev" --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
echo "wrote $dir/migration.sql"
