import { parseSettingsForm, sectionsOf } from "~/domain/settings-forms";
import { SECTION_PERMISSION } from "~/domain/settings-sections";
import { can, forbiddenMessage } from "~/domain/permissions";
import { setNotificationPreferences } from "~/models/notification.server";
import { listBrandTones } from "~/models/settings.server";
import { updateSettings } from "~/models/settings-write.server";
import { setReviewMode } from "~/models/workflow-settings.server";
import { isReviewMode } from "~/domain/workflow-run";
import { reply, type SettingsHandler } from "./reply.server";

/** Save Changes: every section the form carries, all or nothing, each only if the role allows it. */
export const saveSettings: SettingsHandler = async ({ user, form }) => {
  const sections = sectionsOf(form);
  if (sections.length === 0) return reply("save", { message: "There is nothing to save." }, 400);
  for (const section of sections) {
    const permission = SECTION_PERMISSION[section];
    if (permission && !can(user.role, permission)) return reply("save", { message: `${forbiddenMessage(user.role, permission)} Nothing was saved.` }, 403);
  }
  // The workflow's reviewer fallback rides along with the AI Agents section.
  const reviewMode = form.get("reviewerBelowThreshold");
  if (reviewMode !== null && !can(user.role, "settings.agents")) return reply("save", { message: `${forbiddenMessage(user.role, "settings.agents")} Nothing was saved.` }, 403);
  if (reviewMode !== null && !isReviewMode(reviewMode)) return reply("save", { message: "Choose what the Quality Reviewer does below the threshold. Nothing was saved." }, 400);
  const tones = await listBrandTones();
  const parsed = parseSettingsForm(form, tones.map((t) => t.id));
  if (!parsed.ok) return reply("save", { errors: parsed.errors, message: "Some settings need attention. Nothing was saved." }, 400);
  const { settings, notifications } = parsed.data;
  if (Object.keys(settings).length > 0) await updateSettings(settings);
  if (notifications) await setNotificationPreferences(user.id, notifications);
  if (reviewMode !== null && isReviewMode(reviewMode)) await setReviewMode(reviewMode);
  return reply("save", { message: "Settings saved" });
};
