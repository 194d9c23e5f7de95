import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db/db.server";
import { createContent } from "~/models/content-write.server";
import { createVisual } from "~/models/visual.server";
import { action as upload } from "~/routes/uploads";
import { loader as image } from "~/routes/uploads.$id";
import { SAMPLE, cookieFor, freshSeed, get, post, run } from "./route-helpers";

const ORIGIN = "http://localhost:3000";
// A 1×1 PNG, and the first bytes of a JPEG, a GIF and a WebP: what the sniffing reads.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const GIF = Buffer.from("R0lGODlhAQABAAAAACwAAAAAAQABAAA=", "base64");

const dir = path.resolve("tests/.tmp/uploads-" + process.pid);
beforeAll(() => {
  process.env.UPLOAD_DIR = dir;
});
afterAll(() => {
  delete process.env.UPLOAD_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => freshSeed());

function multipart(
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
  cookie?: string,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return new Request(`${ORIGIN}/uploads`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

describe("POST /uploads", () => {
  it("stores a PNG by its bytes and serves it with its true type, nosniff and a sandbox", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const result = await run(upload, multipart({ alt: "A dot" }, { bytes: PNG, name: "dot.png", type: "image/png" }, cookie));
    expect(result.status).toBe(200);
    const { id, url, alt } = result.body as { id: string; url: string; alt: string };
    expect([url, alt]).toEqual([`/uploads/${id}`, "A dot"]);
    const served = await image({ params: { id }, request: get(url), context: {} } as never);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("reads the type from the bytes: a GIF named .png is stored as a GIF", async () => {
    const result = await run(
      upload,
      multipart({ alt: "Anim" }, { bytes: GIF, name: "anim.png", type: "image/png" }, await cookieFor(SAMPLE.Writer)),
    );
    const { id } = result.body as { id: string };
    expect((await prisma.upload.findUniqueOrThrow({ where: { id } })).mime).toBe("image/gif");
  });

  it("refuses HTML dressed as a PNG, an SVG, an empty file and a missing description, storing nothing", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const cases = [
      {
        fields: { alt: "x" },
        file: { bytes: Buffer.from("<html><script>alert(1)</script></html>"), name: "x.png", type: "image/png" },
        field: "file",
      },
      {
        fields: { alt: "x" },
        file: {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          name: "x.svg",
          type: "image/svg+xml",
        },
        field: "file",
      },
      { fields: { alt: "x" }, file: { bytes: Buffer.alloc(0), name: "empty.png", type: "image/png" }, field: "file" },
      { fields: { alt: "  " }, file: { bytes: PNG, name: "dot.png", type: "image/png" }, field: "alt" },
    ];
    for (const c of cases) {
      const result = await run(upload, multipart(c.fields, c.file, cookie));
      expect(result.status).toBe(400);
      expect((result.body as { fieldErrors: Record<string, string> }).fieldErrors[c.field]).toBeTruthy();
    }
    expect(await prisma.upload.count()).toBe(0);
  });

  it("refuses a file over 5 MB, and a 50 MB body by its length before reading it", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const result = await run(upload, multipart({ alt: "Big" }, { bytes: big, name: "big.png", type: "image/png" }, cookie));
    expect(result.status).toBe(400);
    expect((result.body as { fieldErrors: { file: string } }).fieldErrors.file).toMatch(/at most 5 MB/);
    const claimed = await run(
      upload,
      multipart({ alt: "x" }, { bytes: PNG, name: "dot.png", type: "image/png" }, cookie, { "Content-Length": String(50 * 1024 * 1024) }),
    );
    expect(claimed.status).toBe(400);
    expect(await prisma.upload.count()).toBe(0);
  });

  it("is refused to Analysts (403) and without a session; an unknown image is 404", async () => {
    const file = { bytes: PNG, name: "dot.png", type: "image/png" };
    expect((await run(upload, multipart({ alt: "x" }, file, await cookieFor(SAMPLE.Analyst)))).status).toBe(403);
    expect((await run(upload, multipart({ alt: "x" }, file))).status).toBe(302);
    expect((await image({ params: { id: "nope" }, request: get("/uploads/nope"), context: {} } as never)).status).toBe(404);
    expect(await prisma.upload.count()).toBe(0);
  });
});

describe("POST /uploads with source=visual", () => {
  it("stores the item's newest visual as a PNG card and answers its URL; an item without one is 404", async () => {
    const cookie = await cookieFor(SAMPLE.Writer);
    const { id: contentId } = await createContent({ title: "Card test", type: "blog", tags: [], authorId: SAMPLE.Writer });
    const none = await run(upload, post("/uploads", { source: "visual", contentId }, cookie));
    expect(none.status).toBe(404);
    await createVisual({ contentId, svg: "<svg/>", tone: "professional", userId: SAMPLE.Writer, title: "Card test" });
    const result = await run(upload, post("/uploads", { source: "visual", contentId }, cookie));
    expect(result.status).toBe(200);
    const { id, alt } = result.body as { id: string; alt: string };
    expect(alt).toBe("Social card for “Card test”");
    const served = await image({ params: { id }, request: get(`/uploads/${id}`), context: {} } as never);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(
      Buffer.from(await served.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });
});
