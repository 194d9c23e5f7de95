import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { applyMarkdown, docFromMarkdown, markdownOfDoc } from "./collab-doc";

const text = "# Plan\n\nWe ship on **Monday**.\n\n- one\n- two";

/** Two replicas of one document, as two browsers hold it. */
function replicas(initial: string) {
  const a = docFromMarkdown(initial);
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  return [a, b] as const;
}

describe("the co-editing document", () => {
  it("reads back the Markdown it was built from", () => {
    expect(markdownOfDoc(docFromMarkdown(text))).toBe(text);
  });

  it("applies a new text as an edit, and the edit travels as a Yjs update", () => {
    const [a, b] = replicas(text);
    applyMarkdown(a, text.replace("Monday", "Friday"), "agent");
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    expect(markdownOfDoc(b)).toBe(text.replace("Monday", "Friday"));
  });

  it("keeps a concurrent edit to another paragraph made on the other replica", () => {
    const [server, browser] = replicas(text);
    applyMarkdown(server, text.replace("- two", "- two\n- three"), "agent");
    applyMarkdown(browser, text.replace("# Plan", "# Launch plan"), "typing");
    Y.applyUpdate(server, Y.encodeStateAsUpdate(browser));
    Y.applyUpdate(browser, Y.encodeStateAsUpdate(server));
    const both = "# Launch plan\n\nWe ship on **Monday**.\n\n- one\n- two\n- three";
    expect(markdownOfDoc(server)).toBe(both);
    expect(markdownOfDoc(browser)).toBe(both);
  });

  it("changes nothing when the text is the same", () => {
    const doc = docFromMarkdown(text);
    const before = Y.encodeStateVector(doc);
    applyMarkdown(doc, text, "agent");
    expect(Y.encodeStateVector(doc)).toEqual(before);
  });
});

describe("reading the co-editing document", () => {
  it("never changes it, even where the schema would refuse a node", () => {
    const doc = docFromMarkdown("Intro.\n\nSee **the chart** ![Chart](/uploads/c) now.");
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.insert(0, [new Y.XmlElement("heading")]); // a heading cannot sit in a paragraph
    doc.getXmlFragment("default").insert(0, [paragraph]);
    const before = Y.encodeStateAsUpdate(doc);
    expect(markdownOfDoc(doc)).toContain("See **the chart** ![Chart](/uploads/c) now.");
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
  });
});
