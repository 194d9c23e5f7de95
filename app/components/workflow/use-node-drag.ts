import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { GRID_SIZE, snapToGrid } from "~/domain/workflow";

type Point = { x: number; y: number };
const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/**
 * Moves canvas nodes by pointer drag or arrow keys, snapping to the grid as they move, and saves
 * the place where they land. Local positions give way to the server's once it has them.
 */
export function useNodeDrag(nodes: readonly ({ id: string } & Point)[], editable: boolean) {
  const fetcher = useFetcher();
  const [moved, setMoved] = useState<Record<string, Point>>({});
  const drag = useRef<{ id: string; start: Point; origin: Point; last: Point } | null>(null);
  const serverPositions = nodes.map((n) => `${n.id}:${n.x}:${n.y}`).join(",");
  useEffect(() => setMoved({}), [serverPositions]);

  const place = (n: { id: string } & Point): Point => moved[n.id] ?? { x: n.x, y: n.y };
  const save = (id: string, p: Point) =>
    fetcher.submit({ intent: "move", id, x: String(p.x), y: String(p.y) }, { method: "post", action: "/workflow" });
  const snapped = (p: Point): Point => ({ x: Math.max(0, snapToGrid(p.x)), y: Math.max(0, snapToGrid(p.y)) });

  function handlers(node: { id: string } & Point) {
    if (!editable) return {};
    return {
      onPointerDown(e: React.PointerEvent<HTMLElement>) {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        const origin = place(node);
        drag.current = { id: node.id, start: { x: e.clientX, y: e.clientY }, origin, last: origin };
      },
      onPointerMove(e: React.PointerEvent<HTMLElement>) {
        const d = drag.current;
        if (!d || d.id !== node.id) return;
        const next = snapped({ x: d.origin.x + e.clientX - d.start.x, y: d.origin.y + e.clientY - d.start.y });
        if (next.x === d.last.x && next.y === d.last.y) return;
        d.last = next;
        setMoved((m) => ({ ...m, [node.id]: next }));
      },
      onPointerUp() {
        const d = drag.current;
        drag.current = null;
        if (d && d.id === node.id && (d.last.x !== d.origin.x || d.last.y !== d.origin.y)) save(node.id, d.last);
      },
      onKeyDown(e: React.KeyboardEvent<HTMLElement>) {
        const step = ARROWS[e.key];
        if (!step) return;
        e.preventDefault();
        const from = place(node);
        const next = snapped({ x: from.x + step.x * GRID_SIZE, y: from.y + step.y * GRID_SIZE });
        setMoved((m) => ({ ...m, [node.id]: next }));
        save(node.id, next);
      },
    };
  }

  return { place, handlers };
}
