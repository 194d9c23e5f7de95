#!/bin/sh
# Container entry: apply migrations, seed an empty database, then serve; the same bundled scripts
# as `npm start` (build/*.js, plain node: no Prisma CLI or tsx in the image).
# node is exec'd so it is PID 1 and receives SIGTERM from `docker stop`.
set -eu
cd /app

# SQLite keeps its file (and the secret key, and uploads) in a folder that must be writable.
case "$DATABASE_URL" in
file:*)
  db_dir="$(dirname "${DATABASE_URL#file:}")"
  mkdir -p "$db_dir" 2>/dev/null || true
  if [ ! -w "$db_dir" ]; then
    echo "docker-start: $db_dir is not writable by uid $(id -u); mount a volume there (or chown it to $(id -u))" >&2
    exit 1
  fi
  ;;
esac

echo "docker-start: migrations (${DATABASE_URL%%://*})"
node build/migrate.js

echo "docker-start: seeding if empty"
node build/seed-if-empty.js

echo "docker-start: server on port ${PORT:-3000}"
# One process with the same heap limits as `npm run serve` (decisions 013 and 036).
exec node --max-semi-space-size=4 --max-old-space-size=160 build/server.js
