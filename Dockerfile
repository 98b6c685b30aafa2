# svc-hr: one image for the api, worker, migrate and connector commands.
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20.19-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/prisma/migrations ./prisma/migrations
# The example app (served at /example/ with SVC_HR_EXAMPLE_APP=true), built by npm run build.
COPY --from=build /app/client/example/dist ./client/example/dist
# The blob store's directory, owned by node: a named volume mounted on it starts with this owner.
RUN mkdir -p /app/.data/blobs && chown -R node:node /app/.data
USER node
EXPOSE 3000
ENTRYPOINT ["node", "bin/svc-hr.js"]
CMD ["api"]
