# syntax=docker/dockerfile:1
# Multi-stage image of the studio site + API. Build: docker build -t studio .
# Runs as the unprivileged `node` user with production dependencies only.

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build the web app and bundle the server (needs the dev dependencies).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies of the server, and of the web app's server build
#    (apps/web/build/ssr imports React, React Router, React Query, zod…), with which
#    the server renders the signed-in Kontakt screen (docs/web-app.md). TypeScript comes
#    along only as React Router's optional peer (a dev tool for us, never loaded at run
#    time, 23 MB): it is removed.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace apps/server --workspace apps/web --no-audit --no-fund \
  && rm -rf node_modules/typescript \
  && mkdir -p apps/server/node_modules apps/web/node_modules \
  && rm -rf /root/.npm

# 3. The runtime image.
FROM ${NODE_IMAGE}
# jemalloc instead of glibc's malloc: memory that image work freed goes back to
# the system within seconds instead of staying in glibc's per-thread arenas
# (scripts/allocator.mjs, bench/README.md "Server memory at rest").
RUN apt-get update \
  && apt-get install -y --no-install-recommends libjemalloc2 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LD_PRELOAD=libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=deps /app/apps/web/node_modules ./apps/web/node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/build/client ./apps/web/build/client
# The web app's server build (an ES module: apps/web/package.json says so).
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/build/ssr ./apps/web/build/ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM lets in-flight requests finish and closes live streams (apps/server/src/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
