-- CreateEnum
CREATE TYPE "InventoryCategory" AS ENUM ('laptop', 'phone', 'badge', 'monitor', 'other');

-- CreateEnum
CREATE TYPE "InventoryItemStatus" AS ENUM ('available', 'assigned', 'in_repair', 'retired');

-- CreateTable
CREATE TABLE "inventory_items" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "category" "InventoryCategory" NOT NULL,
    "serial" TEXT NOT NULL,
    "status" "InventoryItemStatus" NOT NULL DEFAULT 'available',
    "notes" TEXT,
    "retired_at" TIMESTAMPTZ(3),
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inventory_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
-- An open assignment holds its item's id in open_item_id, whose unique index lets an item have one holder at a
-- time, and a returned one holds none.
CREATE TABLE "inventory_assignments" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "open_item_id" UUID,
    "note" TEXT,
    "assigned_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "assigned_by_user_id" UUID NOT NULL,
    "returned_at" TIMESTAMPTZ(3),
    "returned_by_user_id" UUID,
    "return_condition" TEXT,
    "condition_note" TEXT,

    CONSTRAINT "inventory_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "inventory_items_tenant_id_status_idx" ON "inventory_items"("tenant_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "inventory_items_tenant_id_serial_key" ON "inventory_items"("tenant_id", "serial");

-- CreateIndex
CREATE UNIQUE INDEX "inventory_assignments_open_item_id_key" ON "inventory_assignments"("open_item_id");

-- CreateIndex
CREATE INDEX "inventory_assignments_tenant_id_employee_id_returned_at_idx" ON "inventory_assignments"("tenant_id", "employee_id", "returned_at");

-- CreateIndex
CREATE INDEX "inventory_assignments_item_id_assigned_at_idx" ON "inventory_assignments"("item_id", "assigned_at");
