import { ReplyMessage, secondaryButton, useSettingsFetcher } from "./settings-reply";

export const LOCAL_ACCESS_FORM_ID = "local-model-access-form";

/** The form the allow/stop button belongs to; outside the main settings form (forms cannot nest). */
export function LocalModelAccessForm() {
  const fetcher = useSettingsFetcher("local-model-access");
  return (
    <fetcher.Form method="post" id={LOCAL_ACCESS_FORM_ID}>
      <input type="hidden" name="intent" value="local-model-access" />
    </fetcher.Form>
  );
}

/** Settings › AI Agents › Local model: whether the model server may be on this machine or the team's network (audited). */
export function LocalModelAccess({ allowed }: { allowed: boolean }) {
  const fetcher = useSettingsFetcher("local-model-access");
  return (
    <div className="mt-3 rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid="local-model-access">
      <p className="text-slate-700">
        {allowed
          ? "A model server on this machine or your network is allowed (recorded in the audit log)."
          : "The studio connects only to public addresses, so a model server on this machine or your network is refused until an Admin allows it."}
      </p>
      <button
        type="submit"
        form={LOCAL_ACCESS_FORM_ID}
        name="allowed"
        value={allowed ? "off" : "on"}
        className={`${secondaryButton} mt-2`}
        disabled={fetcher.state !== "idle"}
      >
        {allowed ? "Stop allowing a local model server" : "Allow a local model server"}
      </button>
      <ReplyMessage reply={fetcher.data} className="mt-2" />
    </div>
  );
}
