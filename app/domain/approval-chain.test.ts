import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  chainProgress,
  checkDecision,
  contentFingerprint,
  isMissed,
  describeStep,
  reminderDueAt,
  resolveChain,
  type Chain,
  type ChainStep,
  type Decision,
} from "./approval-chain";

const legal = { id: "legal", name: "Lee Legal" };
const brand = { id: "brand", name: "Bo Brand" };
const anyEditor: ChainStep = { mode: "any", members: [], roles: ["Editor"] };
const legalAndBrand: ChainStep = { mode: "all", members: [legal, brand], roles: [] };
const steps = [anyEditor, legalAndBrand];
const writer = "writer";
const at = (n: number) => new Date(Date.UTC(2026, 10, 27, 9, n));
const approve = (step: number, actorId: string, role: string, fingerprint = "v1", n = 0): Decision => ({
  step,
  actorId,
  role,
  kind: "approve",
  fingerprint,
  at: at(n),
});
const chainOf = (state = "in_review") => ({ steps, requesterId: writer, authorId: writer, state });

describe("where an item stands", () => {
  it("starts at step 1, waiting for any Editor", () => {
    expect(chainProgress(steps, [], "v1", writer)).toMatchObject({
      state: "waiting",
      step: 0,
      label: "Step 1 of 2: waiting for any Editor",
    });
  });

  it("any one of: one approval moves it on", () => {
    expect(chainProgress(steps, [approve(0, "ed", "Editor")], "v1", writer)).toMatchObject({
      step: 1,
      label: "Step 2 of 2: waiting for Lee Legal and Bo Brand",
    });
  });

  it("all of: waits for every listed member, naming who is left", () => {
    const d = [approve(0, "ed", "Editor"), approve(1, "legal", "Editor", "v1", 1)];
    expect(chainProgress(steps, d, "v1", writer)).toMatchObject({ step: 1, label: "Step 2 of 2: waiting for Bo Brand" });
    expect(chainProgress(steps, [...d, approve(1, "brand", "Writer", "v1", 2)], "v1", writer)).toEqual({ state: "approved", total: 2 });
  });

  it("all of roles: needs one member of each role", () => {
    const s: ChainStep[] = [{ mode: "all", members: [], roles: ["Editor", "Admin"] }];
    expect(chainProgress(s, [approve(0, "e", "Editor")], "v1", writer)).toMatchObject({ label: "Step 1 of 1: waiting for Admin" });
    expect(chainProgress(s, [approve(0, "e", "Editor"), approve(0, "a", "Admin")], "v1", writer).state).toBe("approved");
  });

  it("order: a later step's approval does not count before the earlier step approves", () => {
    const d = [approve(1, "legal", "Editor"), approve(1, "brand", "Writer")];
    expect(chainProgress(steps, d, "v1", writer)).toMatchObject({ step: 0 });
    expect(chainProgress(steps, [...d, approve(0, "ed", "Editor", "v1", 5)], "v1", writer).state).toBe("approved");
  });

  it("a request for changes after an approval withdraws that approver's approval", () => {
    const d: Decision[] = [approve(0, "ed", "Editor"), { ...approve(0, "ed", "Editor", "v1", 1), kind: "changes" }];
    expect(chainProgress(steps, d, "v1", writer)).toMatchObject({ step: 0 });
  });

  it("a content edit after a step approved sends it back to that step; a schedule-only change does not", () => {
    const item = {
      title: "T",
      excerpt: "",
      body: "Hello",
      posts: [{ channel: "x", text: "Hi", link: null, imageUrl: null, scheduledAt: at(0) }],
    };
    const v1 = contentFingerprint(item);
    const d = [approve(0, "ed", "Editor", v1)];
    expect(chainProgress(steps, d, v1, writer)).toMatchObject({ step: 1 });
    const rescheduled = contentFingerprint({ ...item, posts: [{ ...item.posts[0], scheduledAt: at(30) }] });
    expect(rescheduled).toBe(v1);
    expect(chainProgress(steps, d, rescheduled, writer)).toMatchObject({ step: 1 });
    const edited = contentFingerprint({ ...item, body: "Hello!" });
    expect(chainProgress(steps, d, edited, writer)).toMatchObject({ step: 0 });
    const postEdited = contentFingerprint({ ...item, posts: [{ ...item.posts[0], text: "Hi!" }] });
    expect(chainProgress(steps, d, postEdited, writer)).toMatchObject({ step: 0 });
  });

  it("property: any content change moves the item no further on; unchanged content keeps its place", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.date({ noInvalidDate: true }), fc.date({ noInvalidDate: true }), (a, b, t1, t2) => {
        const base = { title: "T", excerpt: "", posts: [{ channel: "x", text: "p", link: null, imageUrl: null, scheduledAt: t1 }] };
        const f1 = contentFingerprint({ ...base, body: a });
        const f2 = contentFingerprint({ ...base, body: b, posts: [{ ...base.posts[0], scheduledAt: t2 }] });
        expect(f1 === f2).toBe(a === b);
      }),
    );
  });
});

describe("who may decide", () => {
  it("refuses self-approval by the requester or the author, even when listed", () => {
    const chain = {
      steps: [{ mode: "any", members: [{ id: writer, name: "W" }], roles: ["Writer"] }] as ChainStep[],
      requesterId: writer,
      authorId: writer,
      state: "in_review",
    };
    expect(checkDecision(chain, [], "v1", { id: writer, role: "Writer" })).toMatchObject({ ok: false, kind: "forbidden" });
    expect(checkDecision({ ...chain, requesterId: "ed" }, [], "v1", { id: writer, role: "Writer" })).toMatchObject({ ok: false });
    expect(checkDecision(chain, [], "v1", { id: "w2", role: "Writer" })).toEqual({ ok: true, step: 0 });
  });

  it("a self-approval recorded anyway does not count", () => {
    expect(chainProgress([anyEditor], [approve(0, writer, "Editor")], "v1", writer).state).toBe("waiting");
  });

  it("only the current step's approvers act", () => {
    expect(checkDecision(chainOf(), [], "v1", { id: "legal", role: "Writer" })).toMatchObject({ ok: false, kind: "forbidden" });
    expect(checkDecision(chainOf(), [], "v1", { id: "ed", role: "Editor" })).toEqual({ ok: true, step: 0 });
    expect(checkDecision(chainOf(), [approve(0, "ed", "Editor")], "v1", { id: "legal", role: "Writer" })).toEqual({ ok: true, step: 1 });
  });

  it("nothing to decide once sent back for changes", () => {
    expect(checkDecision(chainOf("changes_requested"), [], "v1", { id: "ed", role: "Editor" })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
  });
});

describe("which chain applies", () => {
  const c = (id: string, scope: Chain["scope"], s: ChainStep[] = steps): Chain => ({ id, name: id, scope, steps: s });
  const chains = [c("all", { kind: "all" }), c("blog", { kind: "type", type: "blog" }), c("x-free", { kind: "channel", channel: "x" }, [])];

  it("all content, unless a type or channel is more specific", () => {
    expect(resolveChain(chains, { type: "email", channels: [] })?.id).toBe("all");
    expect(resolveChain(chains, { type: "blog", channels: [] })?.id).toBe("blog");
  });

  it("'No approval needed' is a valid choice: no chain applies", () => {
    expect(resolveChain(chains, { type: "blog", channels: ["x"] })).toBeNull();
    expect(resolveChain([], { type: "blog", channels: [] })).toBeNull();
  });

  it("a channel that needs approval beats a channel that does not", () => {
    const more = [...chains, c("li-legal", { kind: "channel", channel: "linkedin" })];
    expect(resolveChain(more, { type: "blog", channels: ["x", "linkedin"] })?.id).toBe("li-legal");
  });
});

describe("missed: an unapproved post whose time comes", () => {
  const post = { status: "scheduled", scheduledAt: at(0) };
  it("is missed when a chain applies and the item is not approved", () => {
    expect(isMissed(post, { applies: true, approved: false }, at(0))).toBe(true);
    expect(isMissed(post, { applies: true, approved: false }, at(-1))).toBe(false);
  });
  it("goes out when approved, or when no chain applies", () => {
    expect(isMissed(post, { applies: true, approved: true }, at(5))).toBe(false);
    expect(isMissed(post, { applies: false, approved: false }, at(5))).toBe(false);
    expect(isMissed({ ...post, status: "draft" }, { applies: true, approved: false }, at(5))).toBe(false);
  });
});

describe("steps in words", () => {
  it("names roles with an article, then members", () => {
    expect(describeStep(anyEditor)).toBe("Any one of: an Editor");
    expect(describeStep({ mode: "all", members: [legal], roles: ["Writer", "External"] })).toBe(
      "All of: a Writer, an external reviewer, Lee Legal",
    );
  });
});

describe("reminders", () => {
  const startedAt = at(0);
  it("come a set number of hours after the step began waiting, then after each reminder; never when off", () => {
    const h = (n: number) => new Date(startedAt.getTime() + n * 3_600_000);
    expect(reminderDueAt({ hours: 24, startedAt, decisions: [], remindedAt: null })).toEqual(h(24));
    expect(reminderDueAt({ hours: 24, startedAt, decisions: [{ at: h(5) }], remindedAt: null })).toEqual(h(29));
    expect(reminderDueAt({ hours: 24, startedAt, decisions: [], remindedAt: h(24) })).toEqual(h(48));
    expect(reminderDueAt({ hours: 0, startedAt, decisions: [], remindedAt: null })).toBeNull();
  });
});
