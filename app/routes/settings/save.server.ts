import { checkWebhookUrl } from "~/adapters/networks/target-address.server";
import { authorize } from "~/web/authorize.server";
import { parseSettingsForm, sectionsOf } from "~/domain/settings-forms";
import { SECTION_PERMISSION } from "~/domain/settings-sections";
import { isReviewMode } from "~/domain/workflow-run";
import { setNotificationPreferences } from "~/models/notification.server";
import { changedFields, memberActor } from "~/domain/audit";
import { recordAudit } from "~/models/audit.server";
import { getSettings, listBrandTones } from "~/models/settings.server";
import { getReviewMode } from "~/models/workflow-settings.server";
import { updateSettings } from "~/models/settings-write.server";
import { setReviewMode } from "~/models/workflow-settings.server";
import { done, failed } from "~/web/reply.server";
import type { SettingsHandler } from "./reply.server";

const NOTHING_SAVED = "Nothing was saved.";

/** Save Changes: every section the form carries, all or nothing, each only if the role allows it. */
export const saveSettings: SettingsHandler = async ({ user, form }) => {
  // The checks come first, one per section the form carries (Notifications is the member's own: none).
  const sections = sectionsOf(form);
  for (const section of sections) {
    const permission = SECTION_PERMISSION[section];
    if (permission) authorize(user, permission, { note: NOTHING_SAVED });
  }
  // The workflow's reviewer fallback rides along with the AI Agents section.
  const reviewMode = form.get("reviewerBelowThreshold");
  if (reviewMode !== null) authorize(user, "settings.agents", { note: NOTHING_SAVED });
  if (sections.length === 0) return failed("save", "invalid", "There is nothing to save.");
  if (reviewMode !== null && !isReviewMode(reviewMode))
    return failed("save", "invalid", `Choose what the Quality Reviewer does below the threshold. ${NOTHING_SAVED}`);
  const tones = await listBrandTones();
  const parsed = parseSettingsForm(
    form,
    tones.map((t) => t.id),
  );
  if (!parsed.ok) return failed("save", "invalid", `Some settings need attention. ${NOTHING_SAVED}`, parsed.errors);
  const { settings, notifications } = parsed.data;
  // The website's webhook is checked like an integration's: never a private or local address.
  if (typeof settings.websiteWebhookUrl === "string" && settings.websiteWebhookUrl) {
    const address = await checkWebhookUrl(settings.websiteWebhookUrl);
    if (!address.ok)
      return failed("save", "invalid", `Some settings need attention. ${NOTHING_SAVED}`, { websiteWebhookUrl: address.error });
  }
  const teamWide = Object.keys(settings).length > 0 || reviewMode !== null;
  const before = teamWide ? { ...(await getSettings()), reviewerBelowThreshold: await getReviewMode() } : null;
  if (Object.keys(settings).length > 0) await updateSettings(settings);
  if (notifications) await setNotificationPreferences(user.id, notifications);
  if (reviewMode !== null && isReviewMode(reviewMode)) await setReviewMode(reviewMode);
  // Team-wide settings are audited (a member's own notifications are not), with only what changed.
  const change = before && changedFields(before, { ...settings, ...(reviewMode !== null ? { reviewerBelowThreshold: reviewMode } : {}) });
  if (change)
    await recordAudit({
      actor: memberActor(user),
      action: "settings.changed",
      object: { type: "settings", id: sections.filter((s) => s !== "notifications").join(","), title: "Settings" },
      ...change,
    });
  return done("save", "Settings saved");
};
