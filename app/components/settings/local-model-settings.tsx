import type { OllamaStatus } from "~/domain/assistant/ollama-host";
import type { ModelDisplay } from "./ai-model-settings";
import { ReplyMessage, secondaryButton, useSettingsFetcher } from "./settings-reply";
import { LocalModelAccess } from "./local-model-access";

export const OLLAMA_FORM_ID = "ollama-form";

/** The form the Use buttons belong to; outside the main settings form (forms cannot nest). */
export function OllamaForm() {
  const fetcher = useSettingsFetcher("ollama");
  return (
    <fetcher.Form method="post" id={OLLAMA_FORM_ID}>
      <input type="hidden" name="intent" value="assistant-model-ollama" />
    </fetcher.Form>
  );
}

const gigabytes = (bytes: number | null) => (bytes === null ? "" : `${(bytes / 1e9).toFixed(1)} GB`);

/** Settings › AI Agents › Local model: the Ollama server the studio found, its models, and Use for each. */
export function LocalModelSettings({
  ollama,
  current,
  localAllowed,
}: {
  ollama: OllamaStatus | null;
  current: ModelDisplay | null;
  localAllowed: boolean;
}) {
  const fetcher = useSettingsFetcher("ollama");
  if (!ollama) return null;
  const busy = fetcher.state !== "idle";
  const inUse = (name: string) => current?.model === name && current.baseUrl.startsWith(ollama.host);
  return (
    <section aria-labelledby="local-model-title" className="mt-8 border-t border-slate-100 pt-6" data-testid="local-model">
      <h3 id="local-model-title" className="text-base font-semibold">
        Local model (Ollama)
      </h3>
      <p className="mt-1 text-sm text-slate-500">
        A model on your own machine: nothing leaves it. The studio looks for Ollama at <code>{ollama.host}</code> (set{" "}
        <code>OLLAMA_HOST</code> to change it).
      </p>
      <LocalModelAccess allowed={localAllowed} />
      {ollama.running ? (
        ollama.models.length ? (
          <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Ollama models">
            {ollama.models.map((m) => (
              <li key={m.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="ollama-model">
                <span>
                  <span className="font-medium">{m.name}</span>{" "}
                  <span className="text-xs text-slate-500">{[m.parameters, gigabytes(m.size)].filter(Boolean).join(" · ")}</span>
                </span>
                {inUse(m.name) ? (
                  <span className="text-xs font-medium text-emerald-700">In use</span>
                ) : (
                  <button
                    type="submit"
                    form={OLLAMA_FORM_ID}
                    name="model"
                    value={m.name}
                    className={secondaryButton}
                    disabled={busy}
                    aria-label={`Use ${m.name}`}
                  >
                    Use
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            Ollama is running but has no models yet. Pull one once, for example <code>ollama pull llama3.2:1b</code>, then reload this page.
          </p>
        )
      ) : (
        <p className="mt-2 text-sm text-slate-700" data-testid="ollama-down">
          {ollama.reason}{" "}
          {ollama.refused ? (
            "Allow a local model server above, then reload this page."
          ) : (
            <>
              Install Ollama and run <code>ollama serve</code>, or start the studio with <code>docker compose --profile ai up</code>; then
              reload this page.
            </>
          )}
        </p>
      )}
      <ReplyMessage reply={fetcher.data} className="mt-2" />
    </section>
  );
}
