# Tessera: one image for the server processes and the operator's CLI (docs/deployment.md).
#   docker build -t tessera .
#   docker run --env-file .env -p 8080:8080 tessera                 # a server process
#   docker run --env-file .env tessera node apps/server/dist/cli.js db migrate
# The steps are the repository's own: npm ci, npm run build, then production dependencies only.

# Node 24 LTS: the version CI runs every suite and the browser tests on (22 LTS runs the server
# and contracts suites too). No compiler: better-sqlite3 13 ships its Node-API binaries in the
# package and has no install script. The workspaces' manifests, shared by the two stages that install.
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS production-dependencies
# The server bundle carries its own code and the contracts; what it imports at run time is here.
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=node:node /app/apps/server/package.json ./apps/server/package.json
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
# The server-rendering build of the web app (docs/decisions/022): one module, dependencies bundled.
COPY --from=build --chown=node:node /app/apps/web/dist-ssr ./apps/web/dist-ssr
# The back office's pages (served on ADMIN_URL's host, docs/decisions/031).
COPY --from=build --chown=node:node /app/apps/admin/dist ./apps/admin/dist
COPY --chown=node:node package.json ./
# SQLite deployments keep their database here (production uses PostgreSQL: DATABASE_URL).
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 8080
# Liveness: the process answers. Readiness (/readyz) is the proxy's and the orchestrator's to ask.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1: main.ts stops on SIGTERM and SIGINT (the message being sent finishes, running
# requests finish, the database closes) within 10 seconds.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
