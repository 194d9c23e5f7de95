// Issue 35: the editor writes into the shared document only what its member typed, so an editor that
// lags the shared document (a render it has not shown yet) cannot delete the words it has not seen.
import { isChangeOrigin } from "@tiptap/extension-collaboration";
import { Plugin } from "@tiptap/pm/state";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { docFromMarkdown, markdownOfDoc } from "~/domain/collab-doc";
import { deletesMadeBy, exchange, openEditor } from "./headless-editor";

/** Holds back what Yjs sends the editor while `on`: the editor lags the shared document. */
function lag() {
  const hold = { on: false };
  const plugin = new Plugin({ filterTransaction: (tr) => !(hold.on && isChangeOrigin(tr)) });
  return { hold, plugin };
}

function twoMembers(text: string, { studio = true } = {}) {
  const sarahDoc = docFromMarkdown(text);
  const marcusDoc = new Y.Doc();
  Y.applyUpdate(marcusDoc, Y.encodeStateAsUpdate(sarahDoc));
  const { hold, plugin } = lag();
  const sarah = openEditor(sarahDoc, { studio });
  const marcus = openEditor(marcusDoc, { studio, extra: [plugin] });
  return { sarahDoc, marcusDoc, sarah, marcus, hold };
}

const end = (view: { state: { doc: { content: { size: number } } } }) => view.state.doc.content.size - 1;

describe("an editor that lags the shared document", () => {
  for (const studio of [true, false])
    it(`${studio ? "keeps" : "(y-tiptap alone) loses"} the words it has not shown, on a render and on typing`, () => {
      const { sarahDoc, marcusDoc, sarah, marcus, hold } = twoMembers("Kept words.", { studio });
      hold.on = true;
      sarah.caretAt(end(sarah));
      sarah.type(" here6");
      exchange(sarahDoc, marcusDoc);
      expect(markdownOfDoc(marcusDoc)).toBe("Kept words. here6");
      expect(marcus.text).toBe("Kept words.");
      marcus.setOptions(); // a React render while the network toggles
      hold.on = false;
      marcus.caretAt(end(marcus));
      marcus.type(" away6");
      exchange(sarahDoc, marcusDoc);
      const both = "Kept words. here6 away6";
      if (!studio) return expect(markdownOfDoc(sarahDoc)).not.toBe(both);
      expect(markdownOfDoc(sarahDoc)).toBe(both);
      expect(markdownOfDoc(marcusDoc)).toBe(both);
      expect(marcus.text).toBe(both);
      expect(sarah.text).toBe(both);
    });

  it("never empties a paragraph it did not empty: an editor still showing an empty paragraph types into it", () => {
    // The replay: the text of cycles 1–5 reached Marcus's document but not his editor.
    const marcusDoc = new Y.Doc();
    const { hold, plugin } = lag();
    const marcus = openEditor(marcusDoc, { extra: [plugin] });
    hold.on = true;
    const sarahDoc = docFromMarkdown("Kept words. here1 away1 here5 away5");
    exchange(sarahDoc, marcusDoc);
    marcus.setOptions();
    hold.on = false;
    marcus.caretAt(1);
    marcus.type("away6");
    exchange(sarahDoc, marcusDoc);
    expect(markdownOfDoc(sarahDoc)).toBe("Kept words. here1 away1 here5 away5away6");
    expect(marcus.text).toBe(markdownOfDoc(marcusDoc));
  });
});

describe("typing only", () => {
  it("makes no Yjs delete, through renders, lags and network toggles", () => {
    const { sarahDoc, marcusDoc, sarah, marcus, hold } = twoMembers("Kept words.");
    const made = [deletesMadeBy(sarahDoc), deletesMadeBy(marcusDoc)];
    for (let cycle = 1; cycle <= 10; cycle++) {
      hold.on = cycle % 2 === 0; // Marcus's editor misses what arrives in even cycles until he types
      sarah.caretAt(end(sarah));
      sarah.type(` here${cycle}`);
      sarah.setOptions();
      exchange(sarahDoc, marcusDoc);
      marcus.setOptions();
      hold.on = false;
      marcus.caretAt(end(marcus));
      marcus.type(` away${cycle}`);
      marcus.setOptions();
      exchange(sarahDoc, marcusDoc);
      for (const doc of [sarahDoc, marcusDoc])
        for (let seen = 1; seen <= cycle; seen++) expect(markdownOfDoc(doc)).toContain(`here${seen} away${seen}`);
    }
    expect(made.map((m) => m.deletes)).toEqual([0, 0]);
  });
});

describe("a member's caret", () => {
  for (const sarahFirst of [true, false])
    it(`stays where its owner types when a co-editor types at the same place (${sarahFirst ? "Sarah's" : "Marcus's"} update first)`, () => {
      const { sarahDoc, marcusDoc, sarah, marcus } = twoMembers("Intro.");
      sarah.caretAt(end(sarah));
      marcus.caretAt(end(marcus));
      sarah.type(" Sarah");
      marcus.type(" Marcus");
      if (sarahFirst) exchange(sarahDoc, marcusDoc);
      else exchange(marcusDoc, sarahDoc);
      sarah.setOptions();
      sarah.type(" types on");
      exchange(sarahDoc, marcusDoc);
      const text = markdownOfDoc(marcusDoc);
      expect(text).toContain("Sarah types on");
      expect(text).toContain(" Marcus");
      expect(sarah.text).toBe(text);
    });

  it("stays after its owner's words when the editor had lagged and its typing is rebased", () => {
    const { sarahDoc, marcusDoc, sarah, marcus, hold } = twoMembers("Intro.");
    marcus.caretAt(end(marcus));
    hold.on = true;
    sarah.caretAt(1);
    sarah.type("Hi. ");
    exchange(sarahDoc, marcusDoc);
    hold.on = false;
    marcus.type(" Marcus");
    exchange(sarahDoc, marcusDoc);
    expect(markdownOfDoc(sarahDoc)).toBe("Hi. Intro. Marcus");
    expect(marcus.text).toBe("Hi. Intro. Marcus");
  });
});
