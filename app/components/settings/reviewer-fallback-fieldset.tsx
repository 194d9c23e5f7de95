import { REVIEW_MODES, REVIEW_MODE_LABELS, type ReviewMode } from "~/domain/workflow-run";
import { SETTINGS_FORM_ID } from "~/domain/settings-sections";

/** What the workflow's Quality Reviewer does with content below the threshold. Saved with Save Changes. */
export function ReviewerFallbackFieldset({ value, allowed }: { value: ReviewMode; allowed: boolean }) {
  return (
    <div className="mt-8 border-t border-slate-100 pt-6">
      <fieldset disabled={!allowed} className="min-w-0" aria-describedby="reviewer-fallback-hint">
        <legend className="text-base font-semibold">Below the threshold, the Quality Reviewer should…</legend>
        <p id="reviewer-fallback-hint" className="mt-1 text-sm text-slate-500">
          Applies to pipeline runs on the Agent Workflow screen.
        </p>
        <div className="mt-3 space-y-2">
          {REVIEW_MODES.map((mode) => (
            <label key={mode} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="reviewerBelowThreshold"
                value={mode}
                defaultChecked={value === mode}
                form={SETTINGS_FORM_ID}
                className="accent-indigo-600"
              />
              {REVIEW_MODE_LABELS[mode]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
