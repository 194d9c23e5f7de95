# syntax=docker/dockerfile:1
# Content Studio: Remix v2 (classic compiler) + Prisma 6 on SQLite (better-sqlite3 adapter).
# podman users: build with `podman build --format docker` so the HEALTHCHECK is kept.

############################ deps stage ############################
FROM node:20-bookworm-slim AS deps

# better-sqlite3 compiles from source when its prebuilt binary cannot be downloaded.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local

WORKDIR /app

# The slow layer (~2-3 min, mostly the native compile) is reused until package.json or
# package-lock.json change. Scripts are skipped and only the needed ones run:
# better-sqlite3's native build here, `prisma generate` once the schema is present (so a
# schema edit does not re-run the install). @prisma/engines' postinstall would only try
# an engine download that cannot succeed here; esbuild works without its postinstall.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts \
 && npm rebuild better-sqlite3 \
 && node -e "require('better-sqlite3')(':memory:').prepare('select 1').get()"

############################ build stage ############################
FROM deps AS build
COPY . .
RUN npx prisma generate \
 && npm run build \
 && test -f build/index.js

############################ production dependencies ############################
# Independent of the app source, so a code change does not re-copy node_modules.
# prisma, tsx and the generated client are regular dependencies: the container runs
# `prisma migrate deploy` and the tsx seed at start-up.
FROM deps AS prod-deps
COPY prisma.config.ts ./
COPY prisma/schema.prisma ./prisma/schema.prisma
RUN npm prune --omit=dev --ignore-scripts \
 && npx prisma generate \
 && test -f node_modules/.prisma/client/index.js

############################ runtime stage ############################
FROM node:20-bookworm-slim AS runtime

ENV NODE_ENV=production \
    DATABASE_URL=file:/data/studio.db \
    PORT=3000

# openssl only so Prisma's platform detection does not warn at every start
# (no engine binaries are used: the client and schema engine are JS/Wasm).
RUN apt-get update \
 && apt-get install -y --no-install-recommends openssl \
 && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin

# The official image ships a `node` user (uid 1000); a stand-in base may not.
RUN (id -u node >/dev/null 2>&1 || (groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /bin/bash node)) \
 && mkdir -p /data \
 && chown node:node /data

WORKDIR /app
# Files stay root-owned (read-only for the app); only /data is writable.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/package-lock.json /app/prisma.config.ts /app/tsconfig.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/app ./app
COPY --from=build /app/server.mjs ./server.mjs
COPY --from=build /app/server ./server
COPY --from=build /app/scripts/docker-start.sh ./scripts/docker-start.sh

USER node
VOLUME /data
EXPOSE 3000

HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthcheck').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

CMD ["/bin/sh", "/app/scripts/docker-start.sh"]
