// npm run bench:body-limit: what a 200 MB chunked body to the metrics API costs the server. Starts the
// built server on a fresh seeded SQLite file with a valid API token (so the body gets past the token
// check), sends the body chunked with no Content-Length, and prints the server's RSS before, at its
// highest while sending, and after, with the answer and how much of the body the server took.
// Env: BENCH_PORT (3560), BODY_MB (200).
import "../server/require-node"; // first: refuses an older Node before anything loads
import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import net from "node:net";
import { seedDatabase, startServer } from "./lib/studio-server";

const PORT = Number(process.env.BENCH_PORT ?? 3560);
const BODY_BYTES = Number(process.env.BODY_MB ?? 200) * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, " ");
const dbFile = `/tmp/studio-bench-body-limit-${PORT}.db`;

seedDatabase(dbFile);
const token = `cs_bench_${randomBytes(24).toString("base64url")}`;
const db = new Database(dbFile);
db.prepare(`INSERT INTO "ApiToken" ("id", "name", "prefix", "tokenHash", "createdById") VALUES (?, ?, ?, ?, ?)`).run(
  "bench-body-limit",
  "bench",
  "cs_bench",
  createHash("sha256").update(token).digest("hex"),
  "user-sarah",
);
db.close();

/**
 * Sends BODY_BYTES chunked over a plain socket, minding backpressure, until the server answers or
 * closes. (Node's HTTP client drops an answer that arrives while it is still sending.)
 */
function sendChunked(url: string): Promise<{ status: string; sentMB: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let sent = 0;
    let answer = "";
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    const status = () => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? "no answer";
    socket.on("data", (data) => (answer += data.toString("latin1")));
    socket.on("error", () => {}); // EPIPE or ECONNRESET once the server closes: expected
    socket.on("close", () => resolve({ status: status(), sentMB: Math.round(sent / 1024 / 1024) }));
    socket.write(
      `POST /api/v1/metrics HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
    );
    const frame = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from("\r\n")]);
    const write = () => {
      while (!socket.destroyed && !answer && sent < BODY_BYTES) {
        sent += CHUNK.length;
        if (!socket.write(frame)) return void socket.once("drain", write);
      }
      if (!socket.destroyed && sent >= BODY_BYTES) socket.write("0\r\n\r\n");
    };
    write();
  });
}

const server = await startServer({ port: PORT, dbFile, seed: false });
try {
  await fetch(`${server.url}/healthcheck`);
  const before = server.rssMB();
  let highest = before;
  const sampler = setInterval(() => (highest = Math.max(highest, server.rssMB())), 20);
  const answer = await sendChunked(server.url);
  await new Promise((resolve) => setTimeout(resolve, 500)); // let the server finish with what it read
  clearInterval(sampler);
  const after = server.rssMB();
  highest = Math.max(highest, after);
  console.log(`${BODY_BYTES / 1024 / 1024} MB chunked to /api/v1/metrics: answer ${answer.status}, ${answer.sentMB} MB sent before it`);
  console.log(`server RSS: before ${before.toFixed(0)} MB, highest ${highest.toFixed(0)} MB, after ${after.toFixed(0)} MB`);
} finally {
  await server.stop();
}
