# syntax=docker/dockerfile:1
# Warden: multi-stage build. better-sqlite3 compiles natively, so the build stages carry a
# toolchain; the runtime image does not.

# 1. production dependencies only (compiles better-sqlite3)
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The simulators are an npm workspace of the repository, not part of the image: only their
# manifest is copied, so npm ci sees the workspace the lockfile names and installs Warden's
# dependencies whole (without it npm leaves out some shared ones, such as Socket Mode's ws).
COPY package.json package-lock.json ./
COPY packages/simulators/package.json ./packages/simulators/
RUN npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/@warden

# 2. compile TypeScript (needs the dev dependencies)
FROM deps AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# 3. runtime: no toolchain, no dev dependencies, not root
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=160 \
    PORT=3000 \
    WARDEN_DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json manifest.yml ./
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness for plain Docker; Kubernetes uses /healthz and /readyz probes instead (README: Deploy).
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM from `docker stop` / Kubernetes drains in-flight work (SHUTDOWN_TIMEOUT, default 20s).
CMD ["node", "dist/main.js"]
