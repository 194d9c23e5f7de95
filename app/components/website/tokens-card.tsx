import { Form } from "@remix-run/react";
import { TextField } from "~/components/ui/field";
import { Card } from "~/components/ui/card";
import { primaryButtonSm, secondaryButton } from "~/components/settings/settings-reply";
import { Outcome, errorsOf, replyFor, type WebsiteReply } from "./reply";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

interface Token {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "never");

/** Bearer tokens for POST /api/v1/metrics: made, listed by prefix, revoked. */
export function TokensCard({ tokens, origin, reply }: { tokens: Token[]; origin: string; reply: WebsiteReply }) {
  const own = replyFor(reply, "create-token", "revoke-token");
  return (
    <Card title="Metrics API tokens">
      <p className="text-sm text-slate-600">
        Tools post each network&apos;s daily figures per channel post to <code className="break-all">{origin}/api/v1/metrics</code> with{" "}
        <code>Authorization: Bearer &lt;token&gt;</code>. See the{" "}
        <a href="/api/v1/openapi.json" className="text-indigo-700 underline">
          OpenAPI document
        </a>
        . Only a hash of each token is kept.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="create-token" />
        <IdempotencyKeyField renewOn={own?.ok ? own : null} />
        <TextField
          name="name"
          label="Token name"
          placeholder="Scheduler export"
          error={errorsOf(own).name}
          className="min-w-0 flex-1 basis-64"
          required
        />
        <button type="submit" className={`${primaryButtonSm} mb-0.5`}>
          Create token
        </button>
      </Form>
      <Outcome reply={own} />
      {own?.ok && own.token ? (
        <div className="mt-2">
          <label htmlFor="new-token" className="text-sm font-medium">
            New token
          </label>
          <input
            id="new-token"
            readOnly
            value={own.token}
            className="mt-1 block w-full rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 font-mono text-sm"
          />
        </div>
      ) : null}
      {tokens.length ? (
        <div className="relative mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Prefix
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Made
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Last used
                </th>
                <th scope="col" className="py-2 pl-3 font-medium">
                  <span className="sr-only">State</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tokens.map((t) => (
                <tr key={t.id} data-testid="api-token">
                  <td className="py-2 pr-3">{t.name}</td>
                  <td className="px-3 py-2 font-mono">{t.prefix}…</td>
                  <td className="px-3 py-2">{day(t.createdAt)}</td>
                  <td className="px-3 py-2">{day(t.lastUsedAt)}</td>
                  <td className="py-2 pl-3">
                    {t.revokedAt ? (
                      <span className="text-slate-500">Revoked {day(t.revokedAt)}</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke-token" />
                        <input type="hidden" name="id" value={t.id} />
                        <button type="submit" className={secondaryButton} aria-label={`Revoke ${t.name} (${t.prefix})`}>
                          Revoke
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Card>
  );
}
