// Mastodon and Bluesky (decision 045). Mastodon: the Admin types the instance, the studio registers
// itself there and shows the redirect address it registered, then Connect leaves for the instance's
// consent page (a full-page post). Bluesky: the service, the handle and an app password, kept only
// long enough to open a session. Every form posts without JavaScript.
import { Form } from "@remix-run/react";
import { TextField } from "~/components/ui/field";
import { useReply, type NetworkApp } from "./network-app-section";
import { ReplyMessage, errorsOf, primaryButtonSm, secondaryButton, useSettingsFetcher } from "./settings-reply";

interface Platform {
  id: string;
  name: string;
  kind: string;
}

const connectLabel = (p: Platform) =>
  p.kind === "network" ? `Connect another ${p.name} account` : p.kind === "reconnect" ? `Reconnect ${p.name}` : `Connect ${p.name} account`;

export function MastodonSection({ platform, app, redirectUri }: { platform: Platform; app: NetworkApp | undefined; redirectUri: string }) {
  const reply = useReply("mastodon-instance", "mastodon");
  const connectReply = useReply("network-connect", "mastodon");
  const host = app?.instanceUrl ? new URL(app.instanceUrl).host : null;
  return (
    // Open until the account is connected, so the next step is in sight.
    <details
      className="mt-3 border-t border-slate-100 pt-3"
      open={!app || platform.kind !== "network" || !!reply || !!connectReply}
      data-testid="network-app"
    >
      <summary className="cursor-pointer text-sm font-medium text-indigo-700">
        {host ? `Registered on ${host}` : "Connect Mastodon on your instance"}
      </summary>
      <p className="mt-2 text-sm text-slate-600">
        The studio registers itself on your instance with this redirect address (nothing to copy):
      </p>
      <code className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 text-xs" data-testid="redirect-uri">
        {redirectUri}
      </code>
      {/* A full-page post: the page after it carries a CSP that allows the instance's consent page. */}
      <Form method="post" reloadDocument className="mt-3 space-y-3" noValidate>
        <input type="hidden" name="intent" value="mastodon-instance" />
        <input type="hidden" name="platform" value="mastodon" />
        <TextField
          name="instance"
          id="mastodon-instance"
          label="Instance address"
          placeholder="mastodon.social"
          defaultValue={host ?? ""}
          autoComplete="off"
          hint="The server your team's account is on."
          error={errorsOf(reply).instance}
        />
        <button type="submit" className={secondaryButton}>
          {host ? "Register again" : "Register on this instance"}
        </button>
        <ReplyMessage reply={reply} />
      </Form>
      {app ? (
        <Form method="post" reloadDocument className="mt-3">
          <input type="hidden" name="intent" value="network-connect" />
          <input type="hidden" name="platform" value="mastodon" />
          <button type="submit" className={primaryButtonSm}>
            {connectLabel(platform)}
          </button>
          <p className="mt-1 text-xs text-slate-500">Opens {host}'s sign-in page; you come back here when you allow the studio to post.</p>
          <ReplyMessage reply={connectReply} />
        </Form>
      ) : null}
    </details>
  );
}

export function BlueskySection({ platform, defaultService }: { platform: Platform; defaultService: string }) {
  const fetcher = useSettingsFetcher("bluesky-connect");
  const reply = useReply("bluesky-connect", "bluesky", fetcher.data);
  const errors = errorsOf(reply);
  return (
    <details className="mt-3 border-t border-slate-100 pt-3" open={platform.kind !== "network" || !!reply} data-testid="network-app">
      <summary className="cursor-pointer text-sm font-medium text-indigo-700">{connectLabel(platform)} with an app password</summary>
      {/* Keyed on the state, so a connection empties the password field instead of keeping it on the page. */}
      <fetcher.Form key={platform.kind} method="post" className="mt-3 space-y-3" noValidate>
        <input type="hidden" name="intent" value="bluesky-connect" />
        <input type="hidden" name="platform" value="bluesky" />
        <TextField
          name="handle"
          id="bluesky-handle"
          label="Handle"
          placeholder="yourbrand.bsky.social"
          autoComplete="off"
          error={errors.handle}
        />
        <TextField
          name="appPassword"
          id="bluesky-app-password"
          label="App password"
          type="password"
          autoComplete="off"
          hint="Make one in Bluesky under Settings › Privacy and security › App passwords. It is used once to sign in and not stored."
          error={errors.appPassword}
        />
        <TextField
          name="service"
          id="bluesky-service"
          label="Service (optional)"
          placeholder={defaultService}
          autoComplete="off"
          hint={`Leave blank for ${new URL(defaultService).host}; enter your own server if the account lives there.`}
          error={errors.service}
        />
        <button type="submit" className={primaryButtonSm} disabled={fetcher.state !== "idle"}>
          Sign in to {platform.name}
        </button>
        <ReplyMessage reply={reply} />
      </fetcher.Form>
    </details>
  );
}
