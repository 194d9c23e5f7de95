#!/bin/sh
# Container entry: apply migrations, seed an empty database, then serve.
# node is exec'd so it is PID 1 and receives SIGTERM from `docker stop`.
set -eu
cd /app

db_path="${DATABASE_URL#file:}"
db_dir="$(dirname "$db_path")"
mkdir -p "$db_dir" 2>/dev/null || true
if [ ! -w "$db_dir" ]; then
  echo "docker-start: $db_dir is not writable by uid $(id -u); mount a volume there (or chown it to $(id -u))" >&2
  exit 1
fi

echo "docker-start: prisma migrate deploy ($DATABASE_URL)"
./node_modules/.bin/prisma migrate deploy

echo "docker-start: seeding if empty"
./node_modules/.bin/tsx prisma/seed-if-empty.ts

echo "docker-start: server.mjs on port ${PORT:-3000}"
# The same heap limits as `npm run serve` (decision 013).
exec node --max-semi-space-size=4 --max-old-space-size=160 server.mjs
