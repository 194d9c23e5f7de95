import { AgentStatusBadge, AgentTypeIcon, agentStatusLabel, agentTypeLabel } from "./agent-look";
import { NODE_HEIGHT, NODE_WIDTH } from "./connector-geometry";

export interface CanvasAgent {
  id: string;
  name: string;
  type: string;
  status: string;
  x: number;
  y: number;
  successRate: number | null;
  /** Already formatted by the loader ("5 minutes ago"), so server and client render the same text. */
  lastRun: string;
}

/** One pipeline step; hovering or focusing it reveals its details card. */
export function AgentNode({
  agent,
  editable = false,
  ...moveHandlers
}: { agent: CanvasAgent; editable?: boolean } & React.HTMLAttributes<HTMLLIElement>) {
  const detailsId = `agent-details-${agent.id}`;
  return (
    <li
      // Focusable so keyboard users reveal its details card and move it with the arrow keys.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-describedby={editable ? `${detailsId} canvas-move-hint` : detailsId}
      data-agent-id={agent.id}
      {...moveHandlers}
      data-testid="agent-node"
      data-status={agent.status}
      className={`group absolute select-none rounded-xl outline-none ${editable ? "cursor-grab touch-none active:cursor-grabbing" : ""} hover:z-20 focus:z-20 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2`}
      style={{ left: agent.x, top: agent.y, width: NODE_WIDTH, height: NODE_HEIGHT }}
    >
      <div className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 shadow-sm transition group-hover:border-indigo-300 group-hover:shadow-md">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <AgentTypeIcon type={agent.type} />
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold" data-testid="agent-name">
            {agent.name}
          </p>
          <div className="mt-1">
            <AgentStatusBadge status={agent.status} />
          </div>
        </div>
      </div>
      <div
        id={detailsId}
        role="tooltip"
        data-testid="agent-details"
        className="invisible absolute left-0 top-full mt-2 w-full rounded-lg border border-slate-200 bg-white p-3 text-xs opacity-0 shadow-lg transition-opacity group-hover:visible group-hover:opacity-100 group-focus:visible group-focus:opacity-100"
      >
        <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-500">Type</dt>
          <dd className="font-medium">{agentTypeLabel(agent.type)}</dd>
          <dt className="text-slate-500">Status</dt>
          <dd className="font-medium">{agentStatusLabel(agent.status)}</dd>
          <dt className="text-slate-500">Last run</dt>
          <dd className="font-medium">{agent.lastRun}</dd>
          <dt className="text-slate-500">Success rate</dt>
          <dd className="font-medium">{agent.successRate === null ? "No runs yet" : `${agent.successRate}%`}</dd>
        </dl>
      </div>
    </li>
  );
}
