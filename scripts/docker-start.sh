#!/bin/sh
# Container entry: apply migrations, seed an empty database, then serve; the same bundled scripts
# as `npm start` (build/*.js, plain node: no Prisma CLI or tsx in the image).
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

echo "docker-start: migrations ($DATABASE_URL)"
node build/migrate.js

echo "docker-start: seeding if empty"
node build/seed-if-empty.js

echo "docker-start: server on port ${PORT:-3000}"
# The same heap limits as `npm run serve`: the front process's; the app behind it gets its own
# (server/front-protocol.ts, decisions 013 and 028). The same malloc settings (decision 029): two
# arenas per process, freed memory above 128 kB given back; the app inherits them.
export MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 MALLOC_MMAP_THRESHOLD_=131072
exec node --max-semi-space-size=1 --max-old-space-size=64 build/server.js
