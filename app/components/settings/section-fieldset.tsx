import { Lock } from "lucide-react";
import { SETTINGS_FORM_ID, type SettingsSection } from "~/domain/settings-sections";

/**
 * One section of the settings form. When the role may not change it, the fieldset is
 * disabled, so neither its fields nor its section marker are submitted.
 */
export function SectionFieldset({
  section,
  allowed,
  lockedNote,
  children,
}: {
  section: SettingsSection;
  allowed: boolean;
  lockedNote: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset disabled={!allowed} data-section={section} className="min-w-0">
      <input type="hidden" name="section" value={section} form={SETTINGS_FORM_ID} />
      {allowed ? null : (
        <p className="mb-5 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          <Lock size={14} aria-hidden /> {lockedNote}
        </p>
      )}
      {children}
    </fieldset>
  );
}
