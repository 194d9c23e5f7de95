import { useState } from "react";
import { CREATIVITY_LEVELS } from "~/domain/content";
import { THRESHOLD_MAX, THRESHOLD_MIN, type SettingsErrors } from "~/domain/settings-limits";
import { FieldError, describedBy, errorId, inputClass } from "~/components/ui/field";
import { SwitchField } from "./form-fields";
import { SectionFieldset } from "./section-fieldset";

interface Props {
  values: { generationThreshold: number; creativityLevel: string; autoPublish: boolean };
  errors: SettingsErrors;
  allowed: boolean;
}

export function AiAgentsPanel({ values, errors, allowed }: Props) {
  const [threshold, setThreshold] = useState(values.generationThreshold);
  return (
    <SectionFieldset section="agents" allowed={allowed} lockedNote="Only Editors and Admins change the AI agent settings.">
      <div className="space-y-8">
        <div>
          <div className="flex items-center justify-between">
            <label htmlFor="generationThreshold" className="text-base font-semibold">
              Content Generation Threshold
            </label>
            <output
              htmlFor="generationThreshold"
              data-testid="threshold-value"
              className="rounded-md bg-indigo-50 px-2 py-0.5 text-sm font-semibold text-indigo-700"
            >
              {threshold}
            </output>
          </div>
          <p id="generationThreshold-hint" className="mt-1 text-sm text-slate-500">
            Minimum quality score required for auto-approval
          </p>
          <input
            id="generationThreshold"
            name="generationThreshold"
            type="range"
            min={THRESHOLD_MIN}
            max={THRESHOLD_MAX}
            step={1}
            defaultValue={values.generationThreshold}
            onChange={(e) => setThreshold(Number(e.target.value))}
            aria-invalid={errors.generationThreshold ? true : undefined}
            aria-describedby={describedBy("generationThreshold-hint", errors.generationThreshold && errorId("generationThreshold"))}
            className="mt-3 w-full accent-indigo-600"
          />
          <div className="flex justify-between text-xs text-slate-500" aria-hidden>
            <span>{THRESHOLD_MIN}</span>
            <span>{THRESHOLD_MAX}</span>
          </div>
          <FieldError field="generationThreshold" message={errors.generationThreshold} />
        </div>
        <div className="max-w-sm">
          <label htmlFor="creativityLevel" className="text-base font-semibold">
            Creativity Level
          </label>
          <select
            id="creativityLevel"
            name="creativityLevel"
            defaultValue={values.creativityLevel}
            aria-invalid={errors.creativityLevel ? true : undefined}
            aria-describedby={describedBy(errors.creativityLevel && errorId("creativityLevel"))}
            className={inputClass}
          >
            {CREATIVITY_LEVELS.map((level) => (
              <option key={level}>{level}</option>
            ))}
          </select>
          <FieldError field="creativityLevel" message={errors.creativityLevel} />
        </div>
        <SwitchField
          name="autoPublish"
          label="Auto-publish Approved Content"
          hint="Publish drafts automatically once they meet the threshold."
          defaultChecked={values.autoPublish}
        />
      </div>
    </SectionFieldset>
  );
}
