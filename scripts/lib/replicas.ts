// Studio replicas on one PostgreSQL database and one Redis, behind a round-robin TCP proxy on loopback
// (issue 38, decisions 048 and 053), for the load script and the replicas e2e spec. Needs `npm run build`.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { serveFlags } from "./studio-server";

export interface Replica {
  port: number;
  url: string;
  child: ChildProcess;
  /** Sends the signal (SIGTERM unless told) and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `node build/server.js` on `port` with `npm run serve`'s heap limits (as the container runs each
 * replica) and waits until /healthcheck answers 200 (60 s at most). `env` adds to the environment.
 */
export async function startReplica(
  port: number,
  databaseUrl: string,
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<Replica> {
  const child = spawn(process.execPath, [...serveFlags(), "build/server.js"], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      NODE_ENV: "production",
      LOG_REQUESTS: "false",
      // Every replica signs and reads the others' cookies and secrets with the same key.
      STUDIO_SECRET_KEY: "replicas-share-one-key",
      WORKFLOW_RUNNER: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ;) {
    const status = await fetch(`${url}/healthcheck`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() - started > 60_000) {
      child.kill("SIGKILL");
      throw new Error(`The replica on port ${port} did not start (exit code ${child.exitCode}).`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url,
    child,
    stop(signal = "SIGTERM") {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      });
    },
  };
}

/**
 * A TCP round-robin over the replicas: each new connection goes to the next one (HTTP and WebSockets
 * alike), no sticky sessions. Like a proxy's passive health check, a connection whose upstream refuses
 * (a replica that is down) is tried on the next upstream instead; only when every upstream refuses is
 * the client's connection closed. Bytes already sent on an established connection are never replayed.
 */
export function roundRobin(port: number, upstream: number[]) {
  let next = 0;
  const server = net.createServer((client) => {
    let target: net.Socket | null = null;
    const close = () => (client.destroy(), target?.destroy());
    client.on("error", close);
    client.on("close", () => target?.destroy());
    // The client's bytes stay buffered (the socket is paused until piped) while an upstream is found.
    const connect = (tries: number) => {
      const socket = net.connect(upstream[next++ % upstream.length], "127.0.0.1");
      target = socket;
      socket.once("error", () => (tries > 1 && !client.destroyed ? connect(tries - 1) : close()));
      socket.once("connect", () => {
        socket.removeAllListeners("error");
        socket.on("error", close);
        socket.on("close", () => client.destroy());
        client.pipe(socket).pipe(client);
      });
    };
    connect(upstream.length);
  });
  return new Promise<net.Server>((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
