import { thisWorkspace } from "~/db/workspace-keys.server";
import { prisma } from "~/db/db.server";
import type { SettingsUpdate } from "~/domain/settings-limits";

export type { SettingsUpdate };

export function updateSettings(data: Partial<SettingsUpdate>) {
  return prisma.settings.update({ where: thisWorkspace(), data, select: { updatedAt: true } });
}
