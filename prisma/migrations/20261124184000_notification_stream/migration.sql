-- The notification stream (company API, Notifications): every notification carries its user's sequence number
-- (engines/notifications/writeNotifications.ts assigns it), the id of the stream's events.

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN "seq" INTEGER NOT NULL DEFAULT 0;

-- Existing notifications: numbered per user in the order they were made.
UPDATE "notifications" n SET "seq" = s.rn
FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at", "id") AS rn FROM "notifications") s
WHERE n."id" = s."id";

-- CreateIndex
CREATE UNIQUE INDEX "notifications_user_id_seq_key" ON "notifications"("user_id", "seq");

-- CreateTable
CREATE TABLE "notification_preferences" (
    "user_id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id","kind")
);
