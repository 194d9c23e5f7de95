// A network the studio posts to natively: the team's developer app (client id and secret, the
// secret never shown again), the redirect address to register, and Connect. Every form posts
// without JavaScript; Connect is a full-page post because it leaves for the network's consent page.
import { Form, useActionData } from "@remix-run/react";
import { TextField } from "~/components/ui/field";
import { NETWORK_CALLBACKS } from "~/domain/channels/network-callbacks";
import type { action } from "~/routes/settings/route";
import { ReplyMessage, errorsOf, primaryButtonSm, secondaryButton, useSettingsFetcher, type SettingsReply } from "./settings-reply";

export interface NetworkApp {
  clientId: string;
  /** Mastodon: the instance the studio registered on. */
  instanceUrl?: string | null;
  updatedAt: string;
}

interface Props {
  platform: { id: string; name: string; kind: string };
  app: NetworkApp | undefined;
  redirectUri: string;
  allowed: boolean;
  /** Instagram connects through the Meta app entered under Facebook: no app form of its own. */
  appEnteredUnder?: string;
}

/** The reply for this network's form: the fetcher's, or without scripts the page's own action data. */
export function useReply(intent: string, platform: string, fetched?: SettingsReply): SettingsReply | undefined {
  const posted = useActionData<typeof action>();
  if (fetched) return fetched;
  if (posted && typeof posted === "object" && "intent" in posted && posted.intent === intent && posted.target === platform) return posted;
  return undefined;
}

export function NetworkAppSection({ platform, app, redirectUri, allowed, appEnteredUnder }: Props) {
  const fetcher = useSettingsFetcher(`network-app-${platform.id}`);
  const reply = useReply("network-app", platform.id, fetcher.data);
  const connectReply = useReply("network-connect", platform.id);
  if (!allowed) return null;
  return (
    <details className="mt-3 border-t border-slate-100 pt-3" open={!app || !!reply || !!connectReply} data-testid="network-app">
      <summary className="cursor-pointer text-sm font-medium text-indigo-700">
        {appEnteredUnder
          ? `Connect ${platform.name} through your Meta app`
          : app
            ? `Your ${platform.name} app (client id ${app.clientId})`
            : `Connect ${platform.name} with your own app`}
      </summary>
      {appEnteredUnder ? (
        <p className="mt-2 text-sm text-slate-600">
          {platform.name} connects through your Meta app, entered under {appEnteredUnder}
          {app ? "." : ": enter it there first."}
        </p>
      ) : (
        <AppForm platform={platform} app={app} redirectUri={redirectUri} />
      )}
      {app ? <ConnectForm platform={platform} reply={connectReply} /> : null}
    </details>
  );
}

function AppForm({ platform, app, redirectUri }: Pick<Props, "platform" | "app" | "redirectUri">) {
  const fetcher = useSettingsFetcher(`network-app-${platform.id}`);
  const reply = useReply("network-app", platform.id, fetcher.data);
  const errors = errorsOf(reply);
  const id = (field: string) => `${platform.id}-app-${field}`;
  const meta = platform.id === "facebook";
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">
        Register this redirect address in your {meta ? "Meta" : platform.name} developer app, exactly as written:
      </p>
      <code className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 text-xs" data-testid="redirect-uri">
        {redirectUri}
      </code>
      <CallbackAddresses platform={platform} redirectUri={redirectUri} />
      {meta ? (
        <p className="mt-2 text-sm text-slate-600">Facebook and Instagram use the same Meta app: its App ID and App secret.</p>
      ) : null}
      {/* Keyed on the saved app, so a save empties the secret field instead of keeping it on the page. */}
      <fetcher.Form key={app?.updatedAt ?? "new"} method="post" className="mt-3 space-y-3" noValidate>
        <input type="hidden" name="intent" value="network-app" />
        <input type="hidden" name="platform" value={platform.id} />
        <TextField
          name="clientId"
          id={id("client-id")}
          label="Client id"
          defaultValue={app?.clientId ?? ""}
          autoComplete="off"
          error={errors.clientId}
        />
        <TextField
          name="clientSecret"
          id={id("client-secret")}
          label="Client secret"
          type="password"
          autoComplete="off"
          hint={app ? "Saved and encrypted. Leave blank to keep it; it is never shown again." : "Stored encrypted; never shown again."}
          error={errors.clientSecret}
        />
        <button type="submit" className={secondaryButton} disabled={fetcher.state !== "idle"}>
          Save {platform.name} app
        </button>
        <ReplyMessage reply={reply} />
      </fetcher.Form>
    </>
  );
}

/** Meta's and Threads' apps also ask where to tell the studio that a person removed it. */
function CallbackAddresses({ platform, redirectUri }: Pick<Props, "platform" | "redirectUri">) {
  const callbacks = NETWORK_CALLBACKS[platform.id];
  if (!callbacks) return null;
  const origin = new URL(redirectUri).origin;
  return (
    <dl className="mt-2 space-y-1 text-sm text-slate-600" data-testid="callback-addresses">
      {callbacks.map(({ field, path }) => (
        <div key={path}>
          <dt>{field}:</dt>
          <dd>
            <code className="block break-all rounded bg-slate-100 px-2 py-1 text-xs">{`${origin}${path}`}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ConnectForm({ platform, reply }: { platform: Props["platform"]; reply: SettingsReply | undefined }) {
  return (
    <Form method="post" reloadDocument className="mt-3">
      <input type="hidden" name="intent" value="network-connect" />
      <input type="hidden" name="platform" value={platform.id} />
      {platform.id === "linkedin" ? (
        <label className="mb-2 flex min-h-11 items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" name="organisations" value="1" className="mt-1" />
          <span>Also offer the organisation pages I administer (your app needs LinkedIn's Community Management API)</span>
        </label>
      ) : null}
      <button type="submit" className={primaryButtonSm}>
        {platform.kind === "network"
          ? `Connect another ${platform.name} account`
          : platform.kind === "reconnect"
            ? `Reconnect ${platform.name}`
            : `Connect ${platform.name} account`}
      </button>
      <p className="mt-1 text-xs text-slate-500">
        Opens {platform.name}'s sign-in page; you come back here when you allow the studio to post.
      </p>
      <ReplyMessage reply={reply} />
    </Form>
  );
}
