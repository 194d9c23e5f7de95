// A connected platform's webhook address, changed in place: the secret, the account and the channel's
// posts stay. A plain post without scripts; the message sits beside the field either way.
import { TextField } from "~/components/ui/field";
import { useReply } from "./network-app-section";
import { ReplyMessage, errorsOf, secondaryButton, useSettingsFetcher } from "./settings-reply";

export function WebhookUrlForm({ platform }: { platform: { id: string; name: string; webhookHost: string | null } }) {
  const fetcher = useSettingsFetcher(`webhook-url-${platform.id}`);
  const reply = useReply("webhook-url", platform.id, fetcher.data);
  const error = errorsOf(reply).webhookUrl;
  return (
    <details className="mt-3 border-t border-slate-100 pt-3" open={!!reply && !reply.ok} data-testid="webhook-url">
      <summary className="cursor-pointer text-sm font-medium text-indigo-700">
        {platform.webhookHost ? "Change webhook URL" : "Add a webhook URL"}
      </summary>
      <fetcher.Form method="post" className="mt-3 space-y-3" noValidate>
        <input type="hidden" name="intent" value="webhook-url" />
        <input type="hidden" name="platform" value={platform.id} />
        <TextField
          name="webhookUrl"
          id={`${platform.id}-new-webhook`}
          label="New webhook URL"
          type="url"
          placeholder="https://hooks.example.com/publish"
          hint="The signing secret and the channel's posts stay as they are."
          error={error}
        />
        <button type="submit" className={secondaryButton} disabled={fetcher.state !== "idle"}>
          Save webhook URL
        </button>
        <ReplyMessage reply={reply} />
      </fetcher.Form>
    </details>
  );
}
