import { describe, expect, it } from "vitest";
import { commentThreads, passageIn, placeThreads, type CommentView } from "./comment-threads";

const c = (id: string, createdAt: string, extra: Partial<CommentView> = {}): CommentView => ({
  id,
  parentId: null,
  body: id,
  author: "A",
  authorId: "a",
  createdAt,
  quote: null,
  anchor: null,
  resolved: false,
  resolvedBy: null,
  resolveNote: null,
  ...extra,
});

describe("commentThreads", () => {
  it("lists passage threads in document order, then item-wide threads newest first, replies under their thread", () => {
    const body = "First paragraph about pricing.\n\nSecond paragraph about onboarding.";
    const threads = commentThreads(
      [
        c("wide-old", "2026-01-01"),
        c("on-onboarding", "2026-01-02", { quote: "onboarding" }),
        c("on-pricing", "2026-01-03", { quote: "pricing" }),
        c("reply-2", "2026-01-05", { parentId: "on-pricing" }),
        c("reply-1", "2026-01-04", { parentId: "on-pricing" }),
        c("wide-new", "2026-01-06"),
        c("passage-gone", "2026-01-07", { quote: "a deleted sentence" }),
      ],
      passageIn(body),
    );
    expect(threads.map((t) => t.id)).toEqual(["on-pricing", "on-onboarding", "passage-gone", "wide-new", "wide-old"]);
    expect(threads[0].replies.map((r) => r.id)).toEqual(["reply-1", "reply-2"]);
  });

  it("places threads again against newer text: a passage typed since the last save is found, one deleted is not", () => {
    const saved = commentThreads(
      [c("on-new", "2026-01-01", { quote: "five minutes" }), c("on-old", "2026-01-02", { quote: "pricing" })],
      passageIn("pricing"),
    );
    expect(saved.map((t) => [t.id, t.at])).toEqual([
      ["on-old", 0],
      ["on-new", -1],
    ]);
    const live = placeThreads(saved, passageIn("Today: five minutes"));
    expect(live.map((t) => [t.id, t.at])).toEqual([
      ["on-new", 7],
      ["on-old", -1],
    ]);
  });

  it("finds a passage chosen across formatting in the text as shown, and one chosen in the Markdown box in the Markdown", () => {
    const markdown = "We need **three weeks** instead of two.";
    const shown = "We need three weeks instead of two.";
    const threads = commentThreads(
      [c("rich", "2026-01-01", { quote: "three weeks instead" }), c("plain", "2026-01-02", { quote: "**three weeks** instead" })],
      passageIn(shown, markdown),
    );
    expect(threads.map((t) => [t.id, t.at])).toEqual([
      ["rich", 8],
      ["plain", 8],
    ]);
  });
});
