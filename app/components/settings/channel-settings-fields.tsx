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
  /** The website channel's webhook: its host and whether it signs, never the URL or secret. */
  websiteWebhook: { host: string; hasSecret: boolean } | null;
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
      <WebsiteWebhookFields current={values.websiteWebhook} errors={errors} />
    </div>
  );
}

/** Where website posts go: a webhook (the site's CMS, Zapier, Make, n8n), else a member posts them by hand. */
function WebsiteWebhookFields({ current, errors }: { current: ChannelSettingsValues["websiteWebhook"]; errors: SettingsErrors }) {
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" data-testid="website-webhook">
      <legend className="mb-2 text-sm font-medium text-slate-700">Website channel</legend>
      <p className="text-sm text-slate-600 sm:col-span-2" data-testid="website-webhook-status">
        {current
          ? `Website posts are sent to ${current.host}${current.hasSecret ? ", signed" : ""}.`
          : "No webhook: website posts wait in each item's Channels panel, ready to post by hand."}
      </p>
      <Field
        id="websiteWebhookUrl"
        label={current ? "New website webhook URL" : "Website webhook URL (optional)"}
        hint={current ? "Leave blank to keep the current one." : "Each website post is POSTed here, signed like the platforms'."}
        error={errors.websiteWebhookUrl}
      >
        {(aria) => (
          <input
            {...aria}
            form={SETTINGS_FORM_ID}
            name="websiteWebhookUrl"
            type="url"
            placeholder="https://hooks.example.com/publish"
            className={inputClass}
          />
        )}
      </Field>
      <Field
        id="websiteWebhookSecret"
        label="Signing secret (optional)"
        hint="Stored on the server, never shown again. Blank keeps the current one."
        error={errors.websiteWebhookSecret}
      >
        {(aria) => (
          <input
            {...aria}
            form={SETTINGS_FORM_ID}
            name="websiteWebhookSecret"
            type="password"
            autoComplete="off"
            maxLength={200}
            className={inputClass}
          />
        )}
      </Field>
      {current ? (
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" form={SETTINGS_FORM_ID} name="websiteWebhookClear" />
          Remove the website webhook (website posts are then posted by hand)
        </label>
      ) : null}
    </fieldset>
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
