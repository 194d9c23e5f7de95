// The page cache against a real Express server: what it stores, when it serves it again, and when not.
import express from "express";
import { AsyncLocalStorage } from "node:async_hooks";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";

type Handler = (req: express.Request, res: express.Response) => void;

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function studio(handler: Handler, ttlMs?: number) {
  let version = 1;
  let renders = 0;
  let nonceCount = 0;
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceCount}x`;
    next();
  });
  app.use(pageCache({ version: () => version, ttlMs }));
  app.get("*", (req, res) => {
    renders++;
    handler(req, res);
  });
  const server = app.listen(0);
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, headers: Record<string, string> = { cookie: "session=a" }) => fetch(base + path, { headers }),
    renders: () => renders,
    write: () => version++,
  };
}

const page: Handler = (_req, res) => {
  res.type("html").send(`<p>render</p><script nonce="${res.locals.cspNonce}">go()</script>`);
};

describe("page cache", () => {
  it("serves a signed-in page again without rendering, with this response's nonce", async () => {
    const s = await studio(page);
    const first = await s.get("/editor");
    expect(first.headers.get("x-studio-cache")).toBe("miss");
    expect(await first.text()).toContain('nonce="nonce1x"');
    const second = await s.get("/editor");
    expect(second.headers.get("x-studio-cache")).toBe("hit");
    const text = await second.text();
    expect(text).toBe('<p>render</p><script nonce="nonce2x">go()</script>');
    expect(second.headers.get("content-type")).toMatch(/^text\/html/);
    expect(s.renders()).toBe(1);
  });

  it("renders again after any database write", async () => {
    const s = await studio(page);
    await s.get("/");
    s.write();
    expect((await s.get("/")).headers.get("x-studio-cache")).toBe("miss");
    expect((await s.get("/")).headers.get("x-studio-cache")).toBe("hit");
    expect(s.renders()).toBe(2);
  });

  it("never shares a page between sessions, pages or query strings", async () => {
    const s = await studio(page);
    await s.get("/library?q=a");
    await s.get("/library?q=a", { cookie: "session=b" });
    await s.get("/library?q=b");
    await s.get("/library");
    expect(s.renders()).toBe(4);
  });

  it("does not cache requests without a cookie, non-GET answers, errors, cookies being set or other types", async () => {
    const s = await studio((req, res) => {
      if (req.path === "/missing") return void res.status(404).type("html").send("<p>404</p>");
      if (req.path === "/sets-cookie") return void res.cookie("flash", "1").type("html").send("<p>ok</p>");
      if (req.path === "/export") return void res.type("text/csv").send("a,b");
      page(req, res);
    });
    for (const path of ["/missing", "/sets-cookie", "/export"]) {
      await s.get(path);
      expect((await s.get(path)).headers.get("x-studio-cache")).toBe("miss");
    }
    await s.get("/", {});
    expect((await s.get("/", {})).headers.get("x-studio-cache")).toBeNull();
    expect(s.renders()).toBe(8);
  });

  it("keeps single-fetch data and its headers, streamed in chunks", async () => {
    const s = await studio((_req, res) => {
      res.setHeader("Content-Type", "text/x-script");
      res.setHeader("X-Remix-Response", "yes");
      res.write("[1,");
      res.write(Buffer.from("2,"));
      res.end("3]");
    });
    await s.get("/workflow.data");
    const hit = await s.get("/workflow.data");
    expect(hit.headers.get("x-studio-cache")).toBe("hit");
    expect(hit.headers.get("x-remix-response")).toBe("yes");
    expect(await hit.text()).toBe("[1,2,3]");
  });

  it("renders afresh when the browser asks for no cache, and after the time limit", async () => {
    const s = await studio(page, 40);
    await s.get("/");
    expect((await s.get("/", { cookie: "session=a", "cache-control": "no-cache" })).headers.get("x-studio-cache")).toBe("miss");
    await new Promise((r) => setTimeout(r, 80));
    expect((await s.get("/")).headers.get("x-studio-cache")).toBe("miss");
    expect(s.renders()).toBe(3);
  });
});

describe("page cache with a traffic version (decision 026)", () => {
  it("tracker traffic makes only the pages that read its figures render again", async () => {
    const reads = new AsyncLocalStorage<{ traffic: boolean }>();
    let traffic = 0;
    let content = 1;
    let renders = 0;
    const app = express();
    app.use(
      pageCache({
        version: () => content,
        traffic: {
          version: () => traffic,
          observe: (render) => {
            const store = { traffic: false };
            reads.run(store, render);
            return () => store;
          },
        },
      }),
    );
    app.get("*", async (req, res) => {
      renders++;
      await new Promise((r) => setTimeout(r, 5)); // the mark comes from a later turn, as a loader's query would
      if (req.path === "/analytics") reads.getStore()!.traffic = true;
      res.type("html").send(`<p>${req.path}</p>`);
    });
    const server = app.listen(0);
    servers.push(server);
    await new Promise((r) => server.once("listening", r));
    const get = async (path: string) =>
      (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers: { cookie: "session=a" } })).headers.get(
        "x-studio-cache",
      );

    await get("/settings");
    await get("/analytics");
    traffic++;
    expect(await get("/settings")).toBe("hit");
    expect(await get("/analytics")).toBe("miss");
    expect(await get("/analytics")).toBe("hit");
    content++;
    expect(await get("/settings")).toBe("miss");
    expect(await get("/analytics")).toBe("miss");
    expect(renders).toBe(5);
  });
});
