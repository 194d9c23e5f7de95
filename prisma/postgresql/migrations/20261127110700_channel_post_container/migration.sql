-- AlterTable
ALTER TABLE "ChannelPost" ADD COLUMN     "containerId" TEXT;

