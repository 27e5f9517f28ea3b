# Arena: one image, one process, one port (3000) for the web app, the API and the sockets.
# Build from the repository root:
#   docker build -f docker/arena.Dockerfile -t arena .
#   docker run -p 3000:3000 -v arena-data:/data arena              # the embedded store, alone
# docker-compose.yml runs two of these on Redis behind HAProxy (docs/deployment.md).
#
# Node 22 "Jod" LTS, not 24: Node 24.21's node::ObjectWrap registers an environment cleanup hook, and
# better-sqlite3 12 (the embedded store) then aborts the process when the garbage collector frees a
# statement outside a V8 context (docs/architecture.md, "Runtime"). The tag follows the line's security
# releases; CI runs the engine's and the server's suites on 22.23.3 (.ci/run); the code runs on Node 20 too.
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1
# Addons without a prebuilt binary for this Node (better-sqlite3, if its download fails) compile here.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-fund --no-audit \
  && npx turbo run build --filter=@arena/server... --filter=@arena/web... \
  && npm prune --omit=dev --no-fund --no-audit

FROM node:22-bookworm-slim
WORKDIR /app
# SERVE_WEB=true: a missing web build is an error, not an API-only server.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOST=0.0.0.0 SERVE_WEB=true DATA_DIR=/data
# Next.js writes its cache under apps/web/.next at run time: the files belong to the user that runs it.
COPY --from=build --chown=node:node /app /app
# Without REDIS_URL the embedded SQLite store and the server secret live here: mount a volume to keep them.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=5s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# docker stop sends SIGTERM: the process drains (DRAIN_MS), then stops gracefully.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=128", "apps/server/dist/main.js"]
