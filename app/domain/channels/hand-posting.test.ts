import { describe, expect, it } from "vitest";
import { composerUrl, openOnLabel } from "./hand-posting";

describe("posting by hand", () => {
  it("opens Bluesky's composer with the text and link; Mastodon has no one composer (each instance has its own)", () => {
    expect(composerUrl("bluesky", "Plan a month", "https://studio.test/l/a")).toBe(
      "https://bsky.app/intent/compose?text=Plan%20a%20month%0A%0Ahttps%3A%2F%2Fstudio.test%2Fl%2Fa",
    );
    expect(composerUrl("mastodon", "Plan a month", null)).toBeNull();
  });

  it("opens Threads' composer with the text and link; Facebook's home (it takes no text); Instagram has none (it posts from its app)", () => {
    expect(composerUrl("threads", "Plan a month", "https://studio.test/l/a")).toBe(
      "https://www.threads.net/intent/post?text=Plan%20a%20month%0A%0Ahttps%3A%2F%2Fstudio.test%2Fl%2Fa",
    );
    expect(composerUrl("facebook", "Plan a month", null)).toBe("https://www.facebook.com/");
    expect(composerUrl("instagram", "Plan a month", null)).toBeNull();
  });

  it("names the network beside a published post's address", () => {
    expect(openOnLabel("mastodon")).toBe("Open on Mastodon");
    expect(openOnLabel("bluesky")).toBe("Open on Bluesky");
    expect(openOnLabel("twitter")).toBe("Open on X");
    expect(openOnLabel("threads")).toBe("Open on Threads");
  });
});
