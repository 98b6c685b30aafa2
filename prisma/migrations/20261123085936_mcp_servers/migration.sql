-- CreateTable
CREATE TABLE "mcp_servers" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT,
    "connector_id" UUID,
    "headers_sealed" TEXT,
    "header_names" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "tools" JSONB NOT NULL DEFAULT '[]',
    "tools_refreshed_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "mcp_servers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mcp_servers_connector_id_idx" ON "mcp_servers"("connector_id");

-- CreateIndex
CREATE UNIQUE INDEX "mcp_servers_tenant_id_name_key" ON "mcp_servers"("tenant_id", "name");

-- AddForeignKey
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "mcp_connectors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
