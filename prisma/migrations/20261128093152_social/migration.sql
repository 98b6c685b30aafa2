-- Social (issue 21, item 2): posts with an audience, their comments and reactions, and the birthday consent of
-- the people celebrations are computed from (off by default).

-- CreateEnum
CREATE TYPE "SocialAudience" AS ENUM ('all', 'department', 'team');

-- CreateEnum
CREATE TYPE "SocialPostKind" AS ENUM ('post', 'announcement');

-- AlterTable
ALTER TABLE "employees" ADD COLUMN     "show_birthday" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "social_posts" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "kind" "SocialPostKind" NOT NULL,
    "audience" "SocialAudience" NOT NULL,
    "department_id" UUID,
    "team_id" UUID,
    "text" TEXT NOT NULL,
    "pinned" BOOLEAN NOT NULL DEFAULT false,
    "author_user_id" UUID NOT NULL,
    "author_employee_id" UUID,
    "edited_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "social_posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "social_comments" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "post_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "author_user_id" UUID NOT NULL,
    "author_employee_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "social_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "social_reactions" (
    "post_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "emoji" TEXT NOT NULL,
    "tenant_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "social_reactions_pkey" PRIMARY KEY ("post_id","user_id","emoji")
);

-- CreateIndex
CREATE INDEX "social_posts_tenant_id_audience_id_idx" ON "social_posts"("tenant_id", "audience", "id");

-- CreateIndex
CREATE INDEX "social_comments_post_id_id_idx" ON "social_comments"("post_id", "id");

-- AddForeignKey
ALTER TABLE "social_comments" ADD CONSTRAINT "social_comments_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "social_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "social_reactions" ADD CONSTRAINT "social_reactions_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "social_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
