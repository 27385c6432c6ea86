# pressbridge: multi-stage image. Build with the dev dependencies, run with the production ones only.
#   docker build -t pressbridge .
#   docker run -v $PWD/config/pressbridge.yaml:/config/pressbridge.yaml:ro \
#     -e PRESSBRIDGE_API_KEY_FILE=/run/secrets/api_key -p 8080:8080 pressbridge
# Secrets: every secret in the config may be `{ file: /run/secrets/<name> }` or a PRESSBRIDGE_*_FILE variable.
#
# Node 26 ("Lithium"): the Active LTS line since 2026-10-28 (the Node.js release schedule). Node 20 reached its
# end of life on 2026-04-30; Node 24 moved to Maintenance LTS on 2026-10-20 (security fixes only, until
# 2028-04-30); Node 26 gets fixes and updates and the longest support ahead. Debian 13 (trixie) is the current
# Debian stable. package.json keeps `engines: >=20.19`, so the daemon also runs on older hosts' Node.

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
    PRESSBRIDGE_CONFIG=/config/pressbridge.yaml
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The image's own node user (uid 1000); the data folder is the only writable place.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080 8081
# /healthz answers while the process is alive (/readyz adds Redis and the worker). The config must make the
# webhook listen on 0.0.0.0:8080 inside the container (the default) and set dataDir: /data.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 here and handles SIGTERM itself: the daemon stops taking jobs, finishes the running one, exits.
CMD ["node", "dist/src/cli.js", "start"]
