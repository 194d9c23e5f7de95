import { GRID_SIZE } from "~/domain/workflow";

export const NODE_WIDTH = 11 * GRID_SIZE;
export const NODE_HEIGHT = 4 * GRID_SIZE;
/** Room under the lowest node for its details card. */
const DETAILS_ROOM = 7 * GRID_SIZE;

export interface Point {
  x: number;
  y: number;
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const centre = (topLeft: Point): Point => ({ x: topLeft.x + NODE_WIDTH / 2, y: topLeft.y + NODE_HEIGHT / 2 });

/** Where the line from a node's centre towards `target` crosses the node's border. */
function borderPoint(from: Point, target: Point): Point {
  const dx = target.x - from.x;
  const dy = target.y - from.y;
  const scale = Math.min(dx === 0 ? Infinity : NODE_WIDTH / 2 / Math.abs(dx), dy === 0 ? Infinity : NODE_HEIGHT / 2 / Math.abs(dy));
  return { x: from.x + dx * scale, y: from.y + dy * scale };
}

/** The arrow from one node (top-left corner) to the next, border to border. */
export function connector(from: Point, to: Point): Segment {
  const a = centre(from);
  const b = centre(to);
  const start = borderPoint(a, b);
  const end = borderPoint(b, a);
  return { x1: start.x, y1: start.y, x2: end.x, y2: end.y };
}

/** Canvas big enough for every node plus a grid cell of margin and room for details. */
export function canvasSize(nodes: readonly Point[]): { width: number; height: number } {
  const right = Math.max(0, ...nodes.map((n) => n.x + NODE_WIDTH));
  const bottom = Math.max(0, ...nodes.map((n) => n.y + NODE_HEIGHT));
  return { width: right + 2 * GRID_SIZE, height: bottom + DETAILS_ROOM };
}
