-- AlterTable
ALTER TABLE "review_cycles" ADD COLUMN     "workflow_id" TEXT;
