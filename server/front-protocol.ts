// What the front process (server/front.ts) and the app behind it (server/app.ts) agree on (decision 028).

/** Set for the app process: the private Unix socket it listens on. */
export const APP_SOCKET_ENV = "STUDIO_APP_SOCKET";
/**
 * The app process's heap limits (decision 013), whatever the front itself was started with: the
 * front's own are smaller (`npm run serve`, scripts/docker-start.sh), as it renders nothing.
 */
export const APP_HEAP_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=160"];
/**
 * The app collects its garbage on its own thread (decision 035): V8's parallel helpers would take the
 * front's core in the middle of every render. The front keeps them: its pauses are shorter with them.
 */
export const ONE_GC_THREAD = "--single-threaded-gc";

/** The app's Node flags: the front's own, but the app's heap limits and one GC thread. */
export function appExecArgv(frontExecArgv: readonly string[]): string[] {
  const inherited = frontExecArgv.filter((flag) => !flag.startsWith("--max-") && flag !== ONE_GC_THREAD);
  return [...inherited, ...APP_HEAP_FLAGS, ONE_GC_THREAD];
}
/** The front's traffic version, on every request it passes on (the app's page cache, decision 026). */
export const TRAFFIC_HEADER = "x-studio-traffic";
