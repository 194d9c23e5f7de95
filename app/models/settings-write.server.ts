import { prisma } from "~/db/db.server";
import type { SettingsUpdate } from "~/domain/settings-limits";

export type { SettingsUpdate };

export function updateSettings(data: Partial<SettingsUpdate>) {
  return prisma.settings.update({ where: { id: 1 }, data, select: { updatedAt: true } });
}
