-- AlterTable
ALTER TABLE "lifecycle_processes" ADD COLUMN     "workflow_id" TEXT;
