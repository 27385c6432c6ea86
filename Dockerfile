# pressbridge: multi-stage image. Build with the dev dependencies, run with the production ones only.
# docker-compose.yml runs it with Redis; alone:
#   docker build -t pressbridge .
#   docker run -d --name pressbridge -v pressbridge-data:/data -e PRESSBRIDGE_STATUS_HOST=0.0.0.0 \
#     -e PRESSBRIDGE_REDIS_URL=redis://<host>:6379 -p 127.0.0.1:8081:8081 pressbridge
# The data volume (/data, PRESSBRIDGE_DATA_DIR) holds the config the setup writes (pressbridge.yaml), the secrets
# file and the webhook secret: without a config the daemon starts in setup mode (`docker logs` shows the token).
# CLI commands: docker exec pressbridge pressbridge doctor
# Secrets: every secret in the config may also be `{ file: /run/secrets/<name> }` or a PRESSBRIDGE_*_FILE variable.
#
# Node 26 ("Lithium"): the Active LTS line since 2026-10-28 (the Node.js release schedule). Node 20 reached its
# end of life on 2026-04-30; Node 24 moved to Maintenance LTS on 2026-10-20 (security fixes only, until
# 2028-04-30); Node 26 gets fixes and updates and the longest support ahead. Debian 13 (trixie) is the current
# Debian stable. package.json's `engines: >=22.12.0` (what sanitize-html needs) lets hosts without Docker run
# Node 22 too; CI tests both (docs/decisions/0013-node-22-and-26.md).

FROM node:26-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY plugins ./plugins
RUN npm run build

FROM node:26-trixie-slim AS run
ENV NODE_ENV=production \
    PRESSBRIDGE_DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# `pressbridge` on the PATH, for `docker compose exec pressbridge pressbridge <command>`. The image's own node user
# (uid 1000); the data folder is the only writable place.
RUN chmod 755 /app/dist/src/cli.js && ln -s /app/dist/src/cli.js /usr/local/bin/pressbridge \
  && mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080 8081
# /healthz answers while the process is alive (/readyz adds Redis and the worker), on the status page's address
# (PRESSBRIDGE_STATUS_PORT, default 8081) in every intake mode and without its password; before the setup is
# done the setup page answers it there, so a container waiting for its setup is healthy, not "unhealthy". The
# webhook listener (8080) runs only once the intake takes webhooks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PRESSBRIDGE_STATUS_PORT||8081)+'/healthz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 here and handles SIGTERM itself: the daemon stops taking jobs, finishes the running one, exits.
CMD ["node", "dist/src/cli.js", "start"]
