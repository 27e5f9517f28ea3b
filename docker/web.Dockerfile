# The web client (Next.js). Build from the repository root:
#   docker build -f docker/web.Dockerfile --build-arg NEXT_PUBLIC_SOCKET_URL=http://localhost:4000 .
FROM node:20-bookworm-slim AS build
WORKDIR /app
ARG NEXT_PUBLIC_SOCKET_URL=http://localhost:4000
ENV TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1 NEXT_PUBLIC_SOCKET_URL=${NEXT_PUBLIC_SOCKET_URL}
COPY . .
RUN npm ci --no-fund --no-audit && npx turbo run build --filter=@arena/web...
RUN npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app/apps/web
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["npx", "next", "start", "-p", "3000", "-H", "0.0.0.0"]
