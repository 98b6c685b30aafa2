-- AlterTable
ALTER TABLE "certifications" ADD COLUMN     "workflow_id" TEXT;
