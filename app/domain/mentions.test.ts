import { describe, expect, it } from "vitest";
import { insertMention, matchMembers, mentionQuery, mentionedMembers } from "./mentions";

const team = [
  { id: "marcus", name: "Marcus Rivera" },
  { id: "james", name: "James Okafor" },
  { id: "james2", name: "James Lee" },
  { id: "priya", name: "Priya Patel" },
];

describe("mentionedMembers", () => {
  it("finds full names and unambiguous first names, each once", () => {
    expect(mentionedMembers("@Marcus Rivera can you check? @marcus too", team)).toEqual(["marcus"]);
    expect(mentionedMembers("Thanks @Priya.", team)).toEqual(["priya"]);
    expect(mentionedMembers("@James please", team)).toEqual([]);
    expect(mentionedMembers("@James Lee please", team)).toEqual(["james2"]);
  });
  it("ignores e-mail addresses, partial names and text without @", () => {
    expect(mentionedMembers("mail priya@studio.test", team)).toEqual([]);
    expect(mentionedMembers("@Priyanka said so", team)).toEqual([]);
    expect(mentionedMembers("Marcus Rivera", team)).toEqual([]);
  });
});

describe("the mention picker", () => {
  it("reads the query before the caret and inserts the full name", () => {
    const text = "Ask @ma about it";
    const q = mentionQuery(text, 7)!;
    expect(q).toEqual({ start: 4, query: "ma" });
    expect(matchMembers(q.query, team).map((m) => m.id)).toEqual(["marcus"]);
    expect(insertMention(text, q.start, 7, team[0])).toEqual({ text: "Ask @Marcus Rivera  about it", caret: 19 });
    expect(mentionQuery("mail a@b", 8)).toBeNull();
  });
});
