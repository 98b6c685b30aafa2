-- CreateEnum
CREATE TYPE "MessageConversationKind" AS ENUM ('direct', 'group');

-- CreateTable
CREATE TABLE "message_conversations" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "kind" "MessageConversationKind" NOT NULL,
    "title" TEXT,
    "direct_key" TEXT,
    "last_seq" INTEGER NOT NULL DEFAULT 0,
    "last_activity_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_conversations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_participants" (
    "conversation_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "employee_id" UUID NOT NULL,
    "last_read_seq" INTEGER NOT NULL DEFAULT 0,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "left_at" TIMESTAMPTZ(3),

    CONSTRAINT "message_participants_pkey" PRIMARY KEY ("conversation_id","user_id")
);

-- CreateTable
CREATE TABLE "messages" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "sender_user_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "message_conversations_direct_key_key" ON "message_conversations"("direct_key");

-- CreateIndex
CREATE INDEX "message_conversations_tenant_id_last_activity_at_idx" ON "message_conversations"("tenant_id", "last_activity_at");

-- CreateIndex
CREATE INDEX "message_participants_tenant_id_user_id_idx" ON "message_participants"("tenant_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "messages_conversation_id_seq_key" ON "messages"("conversation_id", "seq");
