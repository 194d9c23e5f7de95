// The server stops even when a request was in flight as it began to stop.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { stopServing } from "./stop-serving";

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.closeAllConnections()));

describe("stopServing", () => {
  it("resolves once a request answered after it began is done, though the client keeps its connection", async () => {
    let answer!: () => void;
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => (received = resolve));
    const server = http.createServer((_req, res) => {
      answer = () => res.end("ok");
      received();
    });
    server.keepAliveTimeout = 0; // idle connections never time out: only stopServing closes this one
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const agent = new http.Agent({ keepAlive: true }); // as a browser: it keeps the socket for reuse
    const { port } = server.address() as AddressInfo;
    const response = new Promise<string>((resolve) =>
      http.get({ host: "127.0.0.1", port, agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve(body));
      }),
    );
    await arrived;
    const stopped = stopServing(server).then(() => "stopped");
    answer();
    expect(await response).toBe("ok");
    const late = new Promise((resolve) => setTimeout(() => resolve("still open after 2 s"), 2000));
    expect(await Promise.race([stopped, late])).toBe("stopped");
    agent.destroy();
  });
});
