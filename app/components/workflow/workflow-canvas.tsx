import { GRID_SIZE } from "~/domain/workflow";
import { AgentNode, type CanvasAgent } from "./agent-node";
import { canvasSize, connector } from "./connector-geometry";
import { useNodeDrag } from "./use-node-drag";

const GRID_LINE = "rgb(226 232 240)"; // slate-200

/** The pipeline on a grid: nodes at their stored positions, arrows in pipeline order. Editors drag nodes. */
export function WorkflowCanvas({ agents, editable = false }: { agents: CanvasAgent[]; editable?: boolean }) {
  const { place, handlers } = useNodeDrag(agents, editable);
  const placed = agents.map((a) => ({ ...a, ...place(a) }));
  const { width, height } = canvasSize(placed);
  const links = placed.slice(1).map((to, i) => ({ id: `${placed[i].id}-${to.id}`, ...connector(placed[i], to) }));
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:block">
      {editable ? (
        <p id="canvas-move-hint" className="sr-only">
          Drag a step, or focus it and use the arrow keys, to move it on the grid.
        </p>
      ) : null}
      <div
        data-testid="workflow-canvas"
        data-grid-size={GRID_SIZE}
        className="relative"
        style={{
          width,
          height,
          minWidth: "100%",
          backgroundImage: `linear-gradient(to right, ${GRID_LINE} 1px, transparent 1px), linear-gradient(to bottom, ${GRID_LINE} 1px, transparent 1px)`,
          backgroundSize: `${GRID_SIZE}px ${GRID_SIZE}px`,
        }}
      >
        <svg className="pointer-events-none absolute inset-0" width={width} height={height} aria-hidden>
          <defs>
            <marker
              id="workflow-arrowhead"
              viewBox="0 0 10 10"
              refX="10"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" className="fill-indigo-500" />
            </marker>
          </defs>
          {links.map((l) => (
            <line
              key={l.id}
              data-testid="connector"
              x1={l.x1}
              y1={l.y1}
              x2={l.x2}
              y2={l.y2}
              className="stroke-indigo-500"
              strokeWidth={2}
              markerEnd="url(#workflow-arrowhead)"
            />
          ))}
        </svg>
        <ol aria-label="Pipeline steps in order">
          {placed.map((agent) => (
            <AgentNode key={agent.id} agent={agent} editable={editable} {...handlers(agent)} />
          ))}
        </ol>
      </div>
    </div>
  );
}
