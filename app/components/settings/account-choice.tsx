// After a network's consent page offered several accounts (Facebook Pages, Instagram accounts,
// LinkedIn organisations), the Admin chooses which one the studio posts as. A plain post: it works
// without scripts and by keyboard (radio buttons in a fieldset).
import { ReplyMessage, errorsOf, primaryButtonSm, useSettingsFetcher } from "./settings-reply";
import { useReply } from "./network-app-section";

export interface AccountOption {
  id: string;
  handle: string;
}

export function AccountChoice({ platform, options }: { platform: { id: string; name: string }; options: AccountOption[] }) {
  const fetcher = useSettingsFetcher(`network-account-${platform.id}`);
  const reply = useReply("network-account", platform.id, fetcher.data);
  const error = errorsOf(reply).accountId;
  const errorId = `${platform.id}-account-error`;
  return (
    <fetcher.Form method="post" className="mt-3 border-t border-slate-100 pt-3" data-testid="account-choice">
      <input type="hidden" name="intent" value="network-account" />
      <input type="hidden" name="platform" value={platform.id} />
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="text-sm font-medium">Post to {platform.name} as</legend>
        <div className="mt-2 space-y-2">
          {options.map((o, index) => (
            <label key={o.id} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <input type="radio" name="accountId" value={o.id} defaultChecked={index === 0} />
              <span className="break-all">{o.handle}</span>
            </label>
          ))}
        </div>
        {error ? (
          <p id={errorId} className="mt-1 text-sm text-rose-600">
            {error}
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className={`${primaryButtonSm} mt-3`} disabled={fetcher.state !== "idle"}>
        Connect this account
      </button>
      <ReplyMessage reply={reply && !reply.ok && !error ? reply : undefined} />
    </fetcher.Form>
  );
}
