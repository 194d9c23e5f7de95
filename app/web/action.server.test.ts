import { describe, expect, it } from "vitest";
import { anyone, CONNECTION_LOST_MESSAGE, guarded, NUL_MESSAGE, routeAction } from "~/web/action.server";
import { fail, ok } from "~/web/reply.server";

describe("guarded", () => {
  it("answers a database connection lost through every retry as a 502 that says the write may have been stored", async () => {
    const reply = await guarded(async () => {
      throw Object.assign(new Error("Connection terminated unexpectedly"), {});
    });
    expect(reply).toMatchObject({ init: { status: 502 }, data: { ok: false, formError: CONNECTION_LOST_MESSAGE } });
  });

  it("rethrows any other error", async () => {
    const bug = new TypeError("undefined is not a function");
    await expect(guarded(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe("routeAction", () => {
  const post = (body: string) =>
    new Request("http://studio.test/x", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} as never });

  it("answers a caller's refusal before the form is read or a handler runs", async () => {
    let ran = false;
    const act = routeAction({
      caller: async () => fail("not-found", "No such link."),
      handler: async () => {
        ran = true;
        return null;
      },
    });
    const request = post("name=x");
    expect(await act(args(request))).toMatchObject({ init: { status: 404 }, data: { formError: "No such link." } });
    expect(ran).toBe(false);
    expect(request.bodyUsed).toBe(false);
  });

  it("hands the handler what the caller identified, and refuses a NUL in the address", async () => {
    const act = routeAction({
      caller: async () => ({ token: "t-1" }),
      handler: async ({ user, fields }) => ok({ token: user.token, fields }),
    });
    expect(await act(args(post("a=1")))).toMatchObject({ data: { token: "t-1", fields: { a: "1" } } });
    expect(await act(args(post(""), { id: "x\u0000" }))).toMatchObject({ init: { status: 400 }, data: { formError: NUL_MESSAGE } });
  });

  it("leaves the body unread with readForm: false, and answers a resource route with a Response", async () => {
    const act = routeAction({
      caller: anyone,
      readForm: false,
      resource: true,
      handler: async ({ request }) => fail("invalid", await request.text()),
    });
    const answer = await act(args(post("raw body")));
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ formError: "raw body" });
  });

  it("refuses an intent no handler answers", async () => {
    const act = routeAction({ caller: anyone, intents: { known: async () => ok() }, unknownIntent: (i) => `No ${i}.` });
    expect(await act(args(post("intent=other")))).toMatchObject({ init: { status: 400 }, data: { formError: "No other." } });
  });
});
