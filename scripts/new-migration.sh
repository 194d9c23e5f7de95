#!/usr/bin/env bash
# Writes a migration from the committed schema to the edited one, without `migrate dev`
# (which needs an engine binary we cannot download). Usage: npm run db:migration -- name
# It writes the PostgreSQL twin too (decision 046): prisma/postgresql/schema.prisma is generated from
# prisma/schema.prisma, and the same diff on it goes to prisma/postgresql/migrations/<same name>.
# SQL that Prisma cannot say (triggers, search indexes) needs its PostgreSQL twin written by hand there.
set -euo pipefail
name="${1:?usage: npm run db:migration -- <name>}"
prev="$(mktemp)"
prev_pg="$(mktemp)"
git show HEAD:prisma/schema.prisma > "$prev"
git show HEAD:prisma/postgresql/schema.prisma > "$prev_pg"
folder="$(date -u +%Y%m%d%H%M%S)_${name}"
dir="prisma/migrations/$folder"
mkdir -p "$dir"
npx prisma migrate diff --from-schema-datamodel "$prev" --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
echo "wrote $dir/migration.sql"
node scripts/postgres-schema.mjs
pg_dir="prisma/postgresql/migrations/$folder"
mkdir -p "$pg_dir"
npx prisma migrate diff --from-schema-datamodel "$prev_pg" --to-schema-datamodel prisma/postgresql/schema.prisma --script > "$pg_dir/migration.sql"
npx prisma generate --schema prisma/postgresql/schema.prisma >/dev/null
echo "wrote $pg_dir/migration.sql"
