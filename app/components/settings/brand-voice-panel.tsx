import { GUIDELINES_MAX, KEYWORDS_MAX, type SettingsErrors } from "~/domain/settings-limits";
import { FieldError, describedBy, errorId } from "~/components/ui/field";
import { TextAreaField } from "./form-fields";
import { SectionFieldset } from "./section-fieldset";

export interface BrandTone {
  id: string;
  name: string;
  description: string;
}

interface Props {
  tones: BrandTone[];
  values: { brandToneId: string; brandKeywords: string; contentGuidelines: string };
  errors: SettingsErrors;
  allowed: boolean;
}

export function BrandVoicePanel({ tones, values, errors, allowed }: Props) {
  return (
    <SectionFieldset section="brandVoice" allowed={allowed} lockedNote="Only Editors and Admins change the brand voice.">
      <div className="space-y-8">
        <fieldset aria-describedby={describedBy("tone-hint", errors.brandToneId && errorId("brandToneId"))}>
          <legend className="text-base font-semibold">Brand Tone</legend>
          <p id="tone-hint" className="mt-1 text-sm text-slate-500">
            The voice AI agents write in.
          </p>
          <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {tones.map((tone) => (
              <label
                key={tone.id}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-4 hover:border-indigo-300 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50"
              >
                <input
                  type="radio"
                  name="brandToneId"
                  value={tone.id}
                  defaultChecked={tone.id === values.brandToneId}
                  className="mt-1 accent-indigo-600"
                />
                <span>
                  <span className="block text-sm font-semibold">{tone.name}</span>
                  <span className="block text-sm text-slate-600">{tone.description}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError field="brandToneId" message={errors.brandToneId} />
        </fieldset>
        <TextAreaField
          name="brandKeywords"
          label="Brand Keywords"
          hint={`Comma-separated words the agents should work into your content (up to ${KEYWORDS_MAX} characters).`}
          rows={3}
          maxLength={KEYWORDS_MAX}
          defaultValue={values.brandKeywords}
          error={errors.brandKeywords}
        />
        <TextAreaField
          name="contentGuidelines"
          label="Content Guidelines"
          hint={`House rules every draft should follow (up to ${GUIDELINES_MAX} characters).`}
          rows={6}
          maxLength={GUIDELINES_MAX}
          defaultValue={values.contentGuidelines}
          error={errors.contentGuidelines}
        />
      </div>
    </SectionFieldset>
  );
}
