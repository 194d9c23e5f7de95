import { ArrowDown } from "lucide-react";
import { AgentStatusBadge, AgentTypeIcon } from "./agent-look";
import type { CanvasAgent } from "./agent-node";

/** Below 1024 px the pipeline reads top to bottom as a list; the draggable canvas needs the room. */
export function PipelineList({ agents }: { agents: CanvasAgent[] }) {
  return (
    <ol aria-label="Pipeline steps in order" className="space-y-2 lg:hidden" data-testid="pipeline-list">
      {agents.map((agent, i) => (
        <li key={agent.id} data-testid="pipeline-step">
          <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
              <AgentTypeIcon type={agent.type} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {agent.name}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                {agent.successRate === null ? "No runs yet" : `${agent.successRate}% success`} · last run {agent.lastRun}
              </p>
            </div>
            <AgentStatusBadge status={agent.status} />
          </div>
          {i < agents.length - 1 ? <ArrowDown size={16} aria-hidden className="mx-auto mt-2 text-indigo-500" /> : null}
        </li>
      ))}
    </ol>
  );
}
