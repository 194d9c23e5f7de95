// Every body limited while it is read (server/body-limit.ts), through express and Remix with the real
// metrics API: over its route's size a body is refused by Content-Length, or counted and refused
// mid-stream when chunked, before any action runs; within it, both arrive whole.
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { MAX_METRICS_BODY_BYTES } from "~/domain/platform-metrics";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/domain/uploads";
import { createApiToken } from "~/models/api-token.server";
import * as metricsRoute from "~/routes/api.v1.metrics";
import { SAMPLE, freshSeed } from "../tests/route-helpers";
import { DEFAULT_BODY_BYTES, bodyLimit, bodyLimitFor, tooLargeReply } from "./body-limit";
import { remixHandler } from "./remix-handler";

/** Bytes each probe route's action received, by path; an action that never ran has no entry. */
const received = new Map<string, number>();
const probe = (path: string) => ({
  id: `probe${path}`,
  path: path.slice(1),
  module: {
    action: async ({ request }: { request: Request }) => (
      received.set(path, (await request.arrayBuffer()).byteLength),
      new Response("read")
    ),
  },
});
const build = {
  mode: "production",
  entry: { module: {} },
  routes: {
    metrics: { id: "metrics", path: "api/v1/metrics", module: metricsRoute },
    ...Object.fromEntries(["/probe", "/uploads"].map((path) => [path, probe(path)])),
  },
  assets: { entry: { module: "/build/entry.js", imports: [] }, routes: {}, url: "/build/manifest.js", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(bodyLimit());
  app.all("*", remixHandler({ build, getLoadContext: () => ({ clientIp: "127.0.0.1", cspNonce: "" }) }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => (server.closeAllConnections(), server.close()));

/** Posts `body` with its Content-Length, or chunked; the answer, even when the server closes before taking it all. */
function post(path: string, body: Buffer, { chunked = false, headers = {} as Record<string, string> } = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method: "POST",
      headers: chunked ? headers : { ...headers, "Content-Length": String(body.length) },
    });
    let answered = false;
    request.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    request.on("error", (error) => (answered ? undefined : reject(error))); // the server may close before taking it all
    for (let at = 0; at < body.length; at += 16 * 1024) request.write(body.subarray(at, at + 16 * 1024));
    request.end();
  });
}

let token: string;
let postId: string;
beforeEach(async () => {
  await freshSeed();
  received.clear();
  ({ token } = await createApiToken("body-limit", SAMPLE.Admin));
  const item = await prisma.contentItem.create({
    data: { title: "Limits", type: "blog", status: "published", authorId: SAMPLE.Writer, body: "B." },
  });
  ({ id: postId } = await prisma.channelPost.create({
    data: {
      contentId: item.id,
      channel: "twitter",
      status: "published",
      publishedAt: new Date(Date.now() - 3 * 86_400_000),
      createdById: SAMPLE.Writer,
    },
  }));
});

/** A valid batch of one row, padded with spaces (still valid JSON) to `bytes`. */
function batch(bytes: number) {
  const json = JSON.stringify({ rows: [{ channelPostId: postId, day: new Date().toISOString().slice(0, 10), likes: 3 }] });
  return Buffer.from(json.padEnd(bytes, " "));
}
const api = { Authorization: "", "Content-Type": "application/json" };
const sendMetrics = (bytes: number, chunked: boolean) =>
  post("/api/v1/metrics", batch(bytes), { chunked, headers: { ...api, Authorization: `Bearer ${token}` } });
const storedRows = () => prisma.channelPostMetric.count({ where: { channelPostId: postId } });

describe("the body limit", () => {
  it.each([false, true])("refuses a metrics body over its size before the API reads it (chunked: %s), storing nothing", async (chunked) => {
    const reply = await sendMetrics(MAX_METRICS_BODY_BYTES + 1, chunked);
    expect(reply).toEqual({ status: 413, text: JSON.stringify(tooLargeReply(MAX_METRICS_BODY_BYTES)) });
    expect(await storedRows()).toBe(0);
    expect((await prisma.apiToken.findFirstOrThrow({ where: { name: "body-limit" } })).lastUsedAt).toBeNull();
  });

  it.each([false, true])("passes a metrics body within its size on whole (chunked: %s), and it is stored", async (chunked) => {
    const reply = await sendMetrics(MAX_METRICS_BODY_BYTES, chunked);
    expect(reply.status).toBe(200);
    expect(await storedRows()).toBe(1);
  });

  it.each([false, true])("never runs an action for a body over the default size (chunked: %s)", async (chunked) => {
    const reply = await post("/probe", Buffer.alloc(DEFAULT_BODY_BYTES + 1), { chunked });
    expect(reply).toEqual({ status: 413, text: JSON.stringify(tooLargeReply(DEFAULT_BODY_BYTES)) });
    expect(received.has("/probe")).toBe(false);
  });

  it.each([false, true])("gives uploads their larger size, every byte arriving (chunked: %s)", async (chunked) => {
    expect(await post("/uploads", Buffer.alloc(MAX_UPLOAD_REQUEST_BYTES), { chunked })).toEqual({ status: 200, text: "read" });
    expect(received.get("/uploads")).toBe(MAX_UPLOAD_REQUEST_BYTES);
    expect((await post("/uploads", Buffer.alloc(MAX_UPLOAD_REQUEST_BYTES + 1), { chunked })).status).toBe(413);
  });

  it("looks routes up as Remix matches them: any case, with or without a last slash", () => {
    expect(bodyLimitFor("/API/v1/Metrics/")).toBe(MAX_METRICS_BODY_BYTES);
    expect(bodyLimitFor("/")).toBe(DEFAULT_BODY_BYTES);
  });
});
