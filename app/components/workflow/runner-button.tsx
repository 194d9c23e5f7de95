import { Form, useNavigation } from "@remix-run/react";
import { Pause, Play } from "lucide-react";
import type { RunnerState } from "~/domain/workflow-run";

/** Start or Pause, from the runner's real state: the flag a member set and the runner's heartbeat. */
export function RunnerButton({ state, allowed }: { state: RunnerState; allowed: boolean }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent");
  const busy = pending === "start" || pending === "pause";
  const wanted = state === "running" || state === "offline";
  const Icon = wanted ? Pause : Play;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={wanted ? "pause" : "start"} />
      <button
        type="submit"
        disabled={busy || !allowed}
        aria-busy={busy}
        title={allowed ? undefined : "Only Editors and Admins start or pause the workflow"}
        className={`inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-white shadow-sm disabled:cursor-not-allowed disabled:opacity-60 ${
          wanted ? "bg-amber-600 hover:bg-amber-700" : "bg-indigo-600 hover:bg-indigo-700"
        }`}
      >
        <Icon size={16} aria-hidden /> {wanted ? "Pause Workflow" : "Start Workflow"}
      </button>
    </Form>
  );
}
