# Build stage: bcrypto (hsd's dependency) compiles with node-gyp at install, which needs python3, make and g++;
# node:24-bookworm-slim has none of them.
FROM node:24-bookworm-slim AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts=false

FROM node:24-bookworm-slim
# unbound-host: the verifier's DNSSEC validator (docs/discovery.md "Verify an agent").
RUN apt-get update && apt-get install -y --no-install-recommends unbound-host && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY . .
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=10", "src/entry/api.ts"]
