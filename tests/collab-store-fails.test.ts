// A debounced store that fails is tried again and then logged, never thrown: Hocuspocus runs it from a
// timer without a catch, so a throw would end the process with every open document in it.
import { describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { persistOrLog } from "~/services/collaboration.server";

describe("a failing document store", () => {
  it("is tried again, and stored when the database answers again", async () => {
    let calls = 0;
    const store = async () => {
      if (++calls < 3) throw new Error("connection lost");
      return 7;
    };
    await expect(persistOrLog("item-a", new Y.Doc(), [1, 1, 1], store)).resolves.toBe(7);
    expect(calls).toBe(3);
  });

  it("is logged, not thrown, when every try fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = () => Promise.reject(new Error("connection lost"));
    await expect(persistOrLog("item-b", new Y.Doc(), [1, 1], store)).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith("collaboration: could not store item-b after 3 tries", expect.any(Error));
    logged.mockRestore();
  });
});
