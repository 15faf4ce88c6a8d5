# Quire's container image: built in one stage (every dependency, `npm run build`),
# run from another holding only the compiled dist/, the production dependencies
# and the SQL migrations, as the unprivileged `node` user. No embedded database
# in a container: give it DATABASE_URL (migrations are applied on start).
#
#   docker build -t quire .
#   docker run -p 4000:4000 -e DATABASE_URL=postgresql://user:pass@db:5432/quire -e PUBLIC_URL=https://quire.example.com quire
#
# docs/configuration.md lists every variable. HOST is 0.0.0.0 here (a container is
# reached through its published port); the image's health check reads /readyz,
# which answers 503 while the database is unreachable or the process drains.

ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# `npm ci` runs `prisma generate` (postinstall), which reads the schema, its config and the engine stand-in.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    QUIRE_FILES_DIR=/var/lib/quire/files
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma/migrations ./prisma/migrations
# The folders the process writes: stored files on local disk (QUIRE_FILES_DIR, unless S3 is configured;
# mount a volume there: a new volume takes this folder's owner) and .quire, the record of where it listens.
RUN mkdir -p .quire /var/lib/quire/files && chown -R node:node .quire /var/lib/quire
USER node
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (requests in flight finish, SHUTDOWN_TIMEOUT_MS); give `docker stop -t` more than that.
STOPSIGNAL SIGTERM
# The flags of `npm start` (package.json): a young generation of two 32 MB semi-spaces, not one
# V8 sizes from the host's memory (docs/deploy.md, "Memory").
CMD ["node", "--max-semi-space-size=16", "dist/main.js"]
