-- CreateTable
CREATE TABLE "mcp_connectors" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "pairing_token_hash" TEXT NOT NULL,
    "pairing_token_hint" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_seen_at" TIMESTAMPTZ(3),
    "online" BOOLEAN NOT NULL DEFAULT false,
    "published_tools" JSONB NOT NULL DEFAULT '[]',
    "tools_updated_at" TIMESTAMPTZ(3),

    CONSTRAINT "mcp_connectors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mcp_connectors_pairing_token_hash_key" ON "mcp_connectors"("pairing_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "mcp_connectors_tenant_id_name_key" ON "mcp_connectors"("tenant_id", "name");
