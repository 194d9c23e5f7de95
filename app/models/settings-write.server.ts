import { prisma } from "~/db.server";

/** The editable part of the one Settings row; callers validate it first. */
export interface SettingsUpdate {
  brandToneId: string;
  brandKeywords: string;
  contentGuidelines: string;
  generationThreshold: number;
  creativityLevel: string;
  autoPublish: boolean;
  autoPost: boolean;
  scheduleOptimalTiming: boolean;
}

export function updateSettings(data: Partial<SettingsUpdate>) {
  return prisma.settings.update({ where: { id: 1 }, data, select: { updatedAt: true } });
}
