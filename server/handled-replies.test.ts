// Handled replies (decision 024) against a real Express server: only the studio's script, asking,
// gets a rendered 4xx reply as 200 with the real status in a header; everyone else keeps the status.
import express from "express";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ASK_HEADER, RENDERED_HEADER, STATUS_HEADER } from "~/domain/handled-reply";
import { handledReplies } from "./handled-replies";

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function studio() {
  const app = express();
  app.use(handledReplies());
  // Like Remix's adapter: the status first, then the headers, then the body.
  app.all("/refused", (_req, res) => {
    res.status(400);
    res.append(RENDERED_HEADER, "rendered");
    res.type("json").send('{"ok":false,"fieldErrors":{"name":"Name is required."}}');
  });
  app.all("/settings.data", (_req, res) => {
    res.status(400);
    res.append("X-Remix-Response", "yes");
    res.type("text/x-script").send("[encoded reply]");
  });
  app.all("/broken", (_req, res) => res.status(404).send("No such page"));
  app.all("/saved", (_req, res) => res.json({ ok: true }));
  const server = app.listen(0);
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, method = "POST", asked = true) => fetch(base + path, { method, headers: asked ? { [ASK_HEADER]: "1" } : {} });
}

describe("handled replies", () => {
  it("answers the asking script 200 with the real status in a header and the same body", async () => {
    const send = await studio();
    const response = await send("/refused");
    expect(response.status).toBe(200);
    expect(response.headers.get(STATUS_HEADER)).toBe("400");
    expect(await response.json()).toEqual({ ok: false, fieldErrors: { name: "Name is required." } });
    const remix = await send("/settings.data");
    expect(remix.status).toBe(200);
    expect(remix.headers.get(STATUS_HEADER)).toBe("400");
  });

  it("keeps the real status for plain form posts, GETs, unrendered errors and successes", async () => {
    const send = await studio();
    const plain = await send("/refused", "POST", false);
    expect(plain.status).toBe(400);
    expect(plain.headers.get(STATUS_HEADER)).toBeNull();
    expect((await send("/refused", "GET")).status).toBe(400);
    expect((await send("/settings.data", "POST", false)).status).toBe(400);
    expect((await send("/broken")).status).toBe(404);
    const saved = await send("/saved");
    expect(saved.status).toBe(200);
    expect(saved.headers.get(STATUS_HEADER)).toBeNull();
  });
});
