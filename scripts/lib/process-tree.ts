// CPU time and memory of a process and everything below it: the studio's server is one process
// (decision 036), but a command given to a bench (SERVER_CMD) may start it through a wrapper.
import fs from "node:fs";

const TICK_MS = 1000 / 100; // USER_HZ on Linux

function statOf(pid: number): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  } catch {
    return null; // gone
  }
}

/** The process and its descendants, by parent links in /proc. */
export function treePids(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statOf(Number(name));
    if (fields) parents.set(Number(name), Number(fields[1]));
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(pid) || !tree.has(parent)) continue;
      tree.add(pid);
      grew = true;
    }
  }
  return [...tree];
}

/** utime + stime of the whole tree, in ms. */
export function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of treePids(root)) {
    const f = statOf(pid);
    if (f) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks * TICK_MS;
}

/** Resident memory of the whole tree, in MB. */
export function treeRssMB(root: number): number {
  let kB = 0;
  for (const pid of treePids(root)) {
    try {
      kB += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return kB / 1024;
}
