import { useEffect, useState } from "react";
import { TextField } from "~/components/ui/field";
import type { SettingsErrors } from "~/domain/settings-limits";
import { ChannelSettingsFields, type ChannelSettingsValues } from "./channel-settings-fields";
import { SwitchField } from "./form-fields";
import { SectionFieldset } from "./section-fieldset";
import { WebsiteLink } from "~/components/website/website-link";
import { SETTINGS_FORM_ID } from "~/domain/settings-sections";
import { ReplyMessage, errorsOf, primaryButtonSm, secondaryButton, useSettingsFetcher } from "./settings-reply";
import { NetworkAppSection, type NetworkApp } from "./network-app-section";
import { BlueskySection, MastodonSection } from "./fediverse-sections";
import { WebhookUrlForm } from "./webhook-url-form";
import { AccountChoice, type AccountOption } from "./account-choice";

export interface Integration {
  id: string;
  name: string;
  connected: boolean;
  handle: string | null;
  webhookHost: string | null;
  hasSecret: boolean;
  /** network, reconnect, webhook, manual or off (domain/channels/connection-state). */
  kind: string;
  /** The connection in words: "Connected as @brand · expires in 12 days", "Needs reconnecting: …". */
  state: string;
}

/** Networks the studio posts to with the team's own app (Instagram through Facebook's Meta app). */
const NATIVE = new Set(["twitter", "linkedin", "facebook", "instagram", "threads"]);

// Brand marks are not in the icon set: a coloured tile with the platform's initial stands in.
const TILE_COLORS: Record<string, string> = {
  twitter: "bg-sky-500",
  linkedin: "bg-blue-700",
  facebook: "bg-blue-600",
  instagram: "bg-pink-600",
  threads: "bg-neutral-900",
  mastodon: "bg-violet-600",
  bluesky: "bg-sky-600",
};

// The spec's order, not the alphabetical one the model returns.
const PLATFORM_ORDER = ["twitter", "linkedin", "facebook", "instagram", "threads", "mastodon", "bluesky"];
function rank(id: string): number {
  const index = PLATFORM_ORDER.indexOf(id);
  return index === -1 ? PLATFORM_ORDER.length : index;
}

const ADMIN_ONLY = "Only Admins connect or disconnect platforms";

function PlatformCard({
  integration: i,
  allowed,
  app,
  choices,
  redirectUri,
  blueskyService,
}: {
  integration: Integration;
  allowed: boolean;
  app: NetworkApp | undefined;
  choices: AccountOption[] | undefined;
  redirectUri: string;
  blueskyService: string;
}) {
  const fetcher = useSettingsFetcher(`integration-${i.id}`);
  const [connecting, setConnecting] = useState(false);
  const reply = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && reply?.ok) setConnecting(false);
  }, [fetcher.state, reply]);
  const busy = fetcher.state !== "idle";
  return (
    <li data-testid="integration" data-platform={i.id} className="rounded-lg border border-slate-200 p-4">
      <div className="flex items-center gap-4">
        <span
          aria-hidden
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-lg font-bold text-white ${TILE_COLORS[i.id] ?? "bg-slate-500"}`}
        >
          {i.name.charAt(0)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium">{i.name}</p>
          <p
            className={`text-sm ${i.kind === "reconnect" ? "font-medium text-rose-700" : i.kind === "network" || i.kind === "webhook" ? "text-emerald-700" : "text-slate-500"}`}
            data-testid="connection-state"
          >
            {i.state}
          </p>
        </div>
        {i.connected && !allowed ? (
          <button type="button" disabled title={ADMIN_ONLY} aria-label={`Disconnect ${i.name}`} className={secondaryButton}>
            Disconnect
          </button>
        ) : i.connected ? (
          // A second step before posts stop going out; <details> works with or without scripts.
          <details className="relative" data-testid="disconnect">
            <summary className={`${secondaryButton} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>Disconnect</summary>
            <div className="absolute right-0 z-10 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-lg">
              <p className="text-slate-700">Stop posting to {i.name}? Its posts are no longer sent.</p>
              <fetcher.Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="disconnect" />
                <input type="hidden" name="platform" value={i.id} />
                <button type="submit" disabled={busy} className={`${secondaryButton} border-rose-300 text-rose-700`}>
                  Disconnect {i.name}
                </button>
              </fetcher.Form>
            </div>
          </details>
        ) : connecting ? null : (
          <button
            type="button"
            disabled={!allowed}
            title={allowed ? undefined : ADMIN_ONLY}
            aria-label={`Connect ${i.name}`}
            onClick={() => setConnecting(true)}
            className={primaryButtonSm}
          >
            Connect
          </button>
        )}
      </div>
      {connecting && !i.connected ? (
        <fetcher.Form method="post" className="mt-4 space-y-3 border-t border-slate-100 pt-4" noValidate>
          <input type="hidden" name="intent" value="connect" />
          <input type="hidden" name="platform" value={i.id} />
          <TextField
            name="handle"
            id={`${i.id}-handle`}
            label="Account handle"
            placeholder={i.id === "linkedin" ? "company-page" : "@yourbrand"}
            autoFocus
            error={errorsOf(reply).handle}
          />
          <TextField
            name="webhookUrl"
            id={`${i.id}-webhook`}
            label="Publishing webhook URL (optional)"
            type="url"
            placeholder="https://hooks.example.com/publish"
            hint="Published content is POSTed here. Without one, posts wait for someone to post them by hand."
            error={errorsOf(reply).webhookUrl}
          />
          <TextField
            name="webhookSecret"
            id={`${i.id}-secret`}
            label="Signing secret (optional)"
            type="password"
            autoComplete="off"
            hint="Signs each webhook call. Stored on the server, never shown again."
            error={errorsOf(reply).webhookSecret}
          />
          <div className="flex gap-2">
            <button type="submit" className={primaryButtonSm} disabled={busy}>
              Connect {i.name}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setConnecting(false)}>
              Cancel
            </button>
          </div>
        </fetcher.Form>
      ) : null}
      <ReplyMessage reply={reply && !reply.ok ? reply : undefined} className="mt-2" />
      {allowed && (i.kind === "webhook" || i.kind === "manual") ? <WebhookUrlForm platform={i} /> : null}
      {allowed && choices?.length ? <AccountChoice platform={i} options={choices} /> : null}
      {NATIVE.has(i.id) ? (
        <NetworkAppSection
          platform={i}
          app={app}
          redirectUri={redirectUri}
          allowed={allowed}
          appEnteredUnder={i.id === "instagram" ? "Facebook" : undefined}
        />
      ) : null}
      {i.id === "mastodon" && allowed ? <MastodonSection platform={i} app={app} redirectUri={redirectUri} /> : null}
      {i.id === "bluesky" && allowed ? <BlueskySection platform={i} defaultService={blueskyService} /> : null}
    </li>
  );
}

interface Props {
  integrations: Integration[];
  networkApps: Record<string, NetworkApp>;
  accountChoices: Record<string, AccountOption[]>;
  redirectUri: string;
  publicUrlWarning: string | null;
  blueskyService: string;
  values: { autoPost: boolean; scheduleOptimalTiming: boolean } & ChannelSettingsValues;
  errors: SettingsErrors;
  timeZones: string[];
  allowed: boolean;
  publishingAllowed: boolean;
}

export function IntegrationsPanel({
  integrations,
  networkApps,
  accountChoices,
  redirectUri,
  publicUrlWarning,
  blueskyService,
  values,
  errors,
  timeZones,
  allowed,
  publishingAllowed,
}: Props) {
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-base font-semibold">Connected Platforms</h2>
        {publicUrlWarning ? (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800" data-testid="public-url-warning">
            {publicUrlWarning}
          </p>
        ) : null}
        <WebsiteLink />
        <ul className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2">
          {[...integrations]
            .sort((a, b) => rank(a.id) - rank(b.id))
            .map((i) => (
              <PlatformCard
                key={i.id}
                integration={i}
                allowed={allowed}
                app={networkApps[i.id === "instagram" ? "facebook" : i.id]}
                choices={accountChoices[i.id]}
                redirectUri={redirectUri}
                blueskyService={blueskyService}
              />
            ))}
        </ul>
      </div>
      <SectionFieldset section="publishing" allowed={publishingAllowed} lockedNote="Only Admins change the publishing settings.">
        <h2 className="text-base font-semibold">Publishing Settings</h2>
        <div className="mt-2 divide-y divide-slate-100">
          <SwitchField
            form={SETTINGS_FORM_ID}
            name="autoPost"
            label="Auto-post to connected platforms"
            hint="Publishing an item (editor, workflow or schedule) writes a post for each connected platform that has none, and sends it. Off, only the posts members made go out."
            defaultChecked={values.autoPost}
          />
          <SwitchField
            form={SETTINGS_FORM_ID}
            name="scheduleOptimalTiming"
            label="Schedule posts for optimal timing"
            hint="Hold posts until the hour your audience is most active."
            defaultChecked={values.scheduleOptimalTiming}
          />
        </div>
        <ChannelSettingsFields values={values} errors={errors} timeZones={timeZones} />
      </SectionFieldset>
    </div>
  );
}
