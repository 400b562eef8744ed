# Guichet: one image for the guichet server (services + built site) and the CMS; docker-compose.yml
# runs it on PostgreSQL as the CMS, one-shot preparation and site build, and guichet replicas behind
# nginx. Alone (docker run), CMD starts everything in one container. Build: docker build -t guichet .
FROM node:20-bookworm-slim

# Fonts for the PDF exports (Arabic, Bengali) come with the repository; the PostgreSQL client tools are
# for npm run backup / restore.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV GATSBY_TELEMETRY_DISABLED=1 STRAPI_TELEMETRY_DISABLED=true NODE_ENV=production

# Dependencies first (root with its workspace package shared/, services and cms: the root postinstall installs
# the last two).
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY shared/package.json ./shared/
COPY services/package.json services/package-lock.json ./services/
COPY cms/package.json cms/package-lock.json ./cms/
RUN npm ci --include=dev --no-audit --no-fund

COPY . .
# The CMS admin panel is built into the image (with the stamp that lets the CMS's setup skip rebuilding it;
# no secrets: they are made at first start, in the volume ENV_PATH points into). The site is built when
# the portal starts, against the CMS.
RUN node cms/scripts/setup.js --build-only

EXPOSE 8000 1337
# The guichet server's health route: 200 once the site is built and the CMS answers (the site is built at
# start, hence the long start period). docker-compose.yml gives each of its containers its own check.
HEALTHCHECK --interval=15s --timeout=5s --start-period=600s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "scripts/start.mjs"]
