import { useFetcher } from "@remix-run/react";
import type { action } from "~/routes/workflow/route";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { FieldError, describedBy, errorId, inputClass } from "~/components/ui/field";
import { ModalDialog, useModalDialog } from "~/components/ui/modal-dialog";
import { AGENT_TYPES } from "~/domain/workflow";
import { AGENT_NAME_MAX } from "~/domain/workflow-forms";
import { agentTypeLabel } from "./agent-look";
import { IdempotencyKeyField } from "~/components/ui/idempotency-key";

const DEFAULT_NAMES: Record<string, string> = {
  input: "Content Input",
  generator: "AI Generator",
  editor: "Content Editor",
  stylist: "Style Optimizer",
  reviewer: "Quality Reviewer",
  publisher: "Publisher",
};

/** 'Add Agent': a step of a chosen type at a chosen place in the pipeline. */
export function AddAgentDialog({ agents, allowed }: { agents: { id: string; name: string }[]; allowed: boolean }) {
  const dialog = useModalDialog();
  const fetcher = useFetcher<typeof action>();
  const [type, setType] = useState<string>("editor");
  const errors: Record<string, string | undefined> = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {};
  const { close } = dialog;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) close();
  }, [fetcher.state, fetcher.data, close]);
  return (
    <>
      <button
        type="button"
        onClick={dialog.open}
        disabled={!allowed}
        title={allowed ? undefined : "Only Editors and Admins change the pipeline"}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Plus size={16} aria-hidden /> Add Agent
      </button>
      <ModalDialog control={dialog} labelledBy="add-agent-title" className="max-w-md">
        <fetcher.Form method="post" action="/workflow" className="space-y-4 p-6">
          <h2 id="add-agent-title" className="text-lg font-semibold">
            Add an agent
          </h2>
          <input type="hidden" name="intent" value="addAgent" />
          <IdempotencyKeyField renewOn={fetcher.data?.ok ? fetcher.data : null} />
          <div>
            <label htmlFor="agent-type" className="text-sm font-medium text-slate-700">
              What it does
            </label>
            <select
              id="agent-type"
              name="type"
              value={type}
              onChange={(e) => setType(e.target.value)}
              className={inputClass}
              data-autofocus
            >
              {AGENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {agentTypeLabel(t)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="agent-name" className="text-sm font-medium text-slate-700">
              Name
            </label>
            <input
              id="agent-name"
              name="name"
              key={type}
              defaultValue={DEFAULT_NAMES[type]}
              maxLength={AGENT_NAME_MAX}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy(errors.name && errorId("agent-name"))}
              className={inputClass}
            />
            <FieldError field="agent-name" message={errors.name} />
          </div>
          <div>
            <label htmlFor="agent-after" className="text-sm font-medium text-slate-700">
              Place in the pipeline
            </label>
            <select
              id="agent-after"
              name="after"
              defaultValue={agents.at(-2)?.id ?? ""}
              className={inputClass}
              aria-invalid={errors.after ? true : undefined}
            >
              <option value="">First</option>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  After {a.name}
                </option>
              ))}
            </select>
            <FieldError field="agent-after" message={errors.after} />
          </div>
          {fetcher.data && !fetcher.data.ok && Object.keys(fetcher.data.fieldErrors).length === 0 ? (
            <p role="alert" className="text-sm text-rose-600">
              {fetcher.data.formError}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <button
              type="button"
              onClick={() => close()}
              className="rounded-lg border border-slate-200 px-4 py-2 text-sm font-medium text-slate-700"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
            >
              Add to pipeline
            </button>
          </div>
        </fetcher.Form>
      </ModalDialog>
    </>
  );
}
