import type { UsageSummary } from "~/domain/assistant/types";

export interface RecentCall {
  id: string;
  purpose: string;
  source: string;
  model: string | null;
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
  fallbackReason: string | null;
  createdAt: string;
}

const n = (v: number) => v.toLocaleString("en");

/** Token usage of every assistant call, and the latest calls. */
export function AssistantUsageTotals({ totals, recent }: { totals: UsageSummary; recent: RecentCall[] }) {
  return (
    <section aria-labelledby="ai-usage-title" className="mt-8 border-t border-slate-100 pt-6" data-testid="ai-usage">
      <h3 id="ai-usage-title" className="text-base font-semibold">
        Assistant Usage
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-4 text-sm md:grid-cols-4">
        {[
          ["Calls", n(totals.calls)],
          ["Answered by the model", n(totals.modelCalls)],
          ["Fell back to built-in", n(totals.fallbacks)],
          [
            "Tokens (prompt + completion)",
            `${n(totals.promptTokens)} + ${n(totals.completionTokens)}${totals.estimated ? " (partly estimated)" : ""}`,
          ],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="mt-1 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {recent.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Latest assistant calls</caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-1">When</th>
              <th>Purpose</th>
              <th>Answered by</th>
              <th className="text-right">Tokens</th>
              <th className="text-right">Time</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((c) => (
              <tr key={c.id} className="border-t border-slate-100" title={c.fallbackReason ?? undefined}>
                <td className="py-1">
                  {new Date(c.createdAt).toLocaleString("en-GB", { dateStyle: "short", timeStyle: "short", timeZone: "UTC" })}
                </td>
                <td>{c.purpose}</td>
                <td>{c.source === "model" ? c.model : c.fallbackReason ? "Built-in (fallback)" : "Built-in"}</td>
                <td className="text-right">{n(c.promptTokens + c.completionTokens)}</td>
                <td className="text-right">{n(c.durationMs)} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-3 text-sm text-slate-500">No assistant calls yet.</p>
      )}
    </section>
  );
}
