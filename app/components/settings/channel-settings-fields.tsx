import { FieldError, describedBy, errorId, inputClass } from "~/components/ui/field";
import { SETTINGS_FORM_ID } from "~/domain/settings-sections";
import type { SettingsErrors } from "~/domain/settings-limits";
import { TEAM_NAME_MAX } from "~/domain/settings-limits";
import { SwitchField } from "./form-fields";

export interface ChannelSettingsValues {
  teamName: string;
  timeZone: string;
  siteUrl: string;
  utmTagging: boolean;
}

/** Channel posts' team-wide settings: part of the publishing section of the settings form. */
export function ChannelSettingsFields({
  values,
  errors,
  timeZones,
}: {
  values: ChannelSettingsValues;
  errors: SettingsErrors;
  timeZones: string[];
}) {
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="section" value="channels" form={SETTINGS_FORM_ID} />
      <Field id="teamName" label="Team name" hint="Signs your visuals." error={errors.teamName}>
        {(aria) => (
          <input
            {...aria}
            form={SETTINGS_FORM_ID}
            name="teamName"
            defaultValue={values.teamName}
            maxLength={TEAM_NAME_MAX}
            className={inputClass}
          />
        )}
      </Field>
      <Field id="timeZone" label="Team timezone" hint="Channel posts are planned and shown in this zone." error={errors.timeZone}>
        {(aria) => (
          <select {...aria} form={SETTINGS_FORM_ID} name="timeZone" defaultValue={values.timeZone} className={inputClass}>
            {timeZones.map((z) => (
              <option key={z}>{z}</option>
            ))}
          </select>
        )}
      </Field>
      <Field id="siteUrl" label="Website address" hint="Where your posts live; channel posts link here." error={errors.siteUrl}>
        {(aria) => (
          <input
            {...aria}
            form={SETTINGS_FORM_ID}
            name="siteUrl"
            type="url"
            defaultValue={values.siteUrl}
            placeholder="https://blog.example.com"
            className={inputClass}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <SwitchField
          form={SETTINGS_FORM_ID}
          name="utmTagging"
          label="Tag links with UTM parameters"
          hint="utm_source = channel, utm_medium = social, utm_campaign = the post's slug, on links to your site."
          defaultChecked={values.utmTagging}
        />
      </div>
    </div>
  );
}

type Aria = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  children: (aria: Aria) => React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(`${id}-hint`, error && errorId(id)) })}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      <FieldError field={id} message={error} />
    </div>
  );
}
