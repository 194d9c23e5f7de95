import { describe, expect, it } from "vitest";
import { INVITE_PATH, matchCommands, paletteCommands, paletteSections, stepActive } from "./command-palette";

const SCREENS = [
  { to: "/", label: "Dashboard" },
  { to: "/editor", label: "Content Editor" },
  { to: "/workflow", label: "Agent Workflow" },
  { to: "/library", label: "Content Library" },
  { to: "/analytics", label: "Analytics" },
  { to: "/settings", label: "Settings" },
];
const ADMIN = { "content.create": true, "team.manage": true };
const ANALYST = { "content.create": false, "team.manage": false };

describe("paletteCommands", () => {
  it("offers an Admin a new post, the six screens, inviting and signing out", () => {
    const labels = paletteCommands(SCREENS, ADMIN).map((c) => c.label);
    expect(labels).toEqual([
      "New Blog Post",
      "Go to Dashboard",
      "Go to Content Editor",
      "Go to Agent Workflow",
      "Go to Content Library",
      "Go to Analytics",
      "Go to Settings",
      "Invite a member",
      "Sign out",
    ]);
    expect(paletteCommands(SCREENS, ADMIN).find((c) => c.id === "invite")).toMatchObject({ kind: "go", to: INVITE_PATH });
  });

  it("leaves out what the role may not do", () => {
    const labels = paletteCommands(SCREENS, ANALYST).map((c) => c.label);
    expect(labels).not.toContain("New Blog Post");
    expect(labels).not.toContain("Invite a member");
    expect(labels).toHaveLength(7);
  });
});

describe("matchCommands", () => {
  const commands = paletteCommands(SCREENS, ADMIN);
  it("needs every word, in any order and case", () => {
    expect(matchCommands(commands, "LIBRARY go").map((c) => c.label)).toEqual(["Go to Content Library"]);
    expect(matchCommands(commands, "team").map((c) => c.label)).toEqual(["Invite a member"]);
    expect(matchCommands(commands, "logout").map((c) => c.label)).toEqual(["Sign out"]);
    expect(matchCommands(commands, "nothing like this")).toEqual([]);
  });
});

describe("paletteSections", () => {
  const commands = paletteCommands(SCREENS, ADMIN);
  const item = { id: "c1", title: "SEO basics", excerpt: "", type: "blog", status: "draft" };

  it("shows only the commands while nothing is typed", () => {
    const sections = paletteSections("  ", [item], commands);
    expect(sections.map((s) => s.id)).toEqual(["actions"]);
    expect(sections[0].options).toHaveLength(commands.length);
  });

  it("puts searching the library first, then content, then matching commands", () => {
    const sections = paletteSections(" settings ", [item], commands);
    const options = sections.flatMap((s) => s.options);
    expect(options.map((o) => o.label)).toEqual(["Search the library for “settings”", "SEO basics", "Go to Settings"]);
    expect(options[0]).toMatchObject({ kind: "library", term: "settings" });
    expect(new Set(options.map((o) => o.id)).size).toBe(options.length);
  });

  it("drops the commands section when no command matches", () => {
    expect(paletteSections("zzz", [], commands).map((s) => s.id)).toEqual(["content"]);
  });
});

describe("stepActive", () => {
  it("wraps at both ends", () => {
    expect(stepActive(0, -1, 3)).toBe(2);
    expect(stepActive(2, 1, 3)).toBe(0);
    expect(stepActive(1, 1, 3)).toBe(2);
    expect(stepActive(0, 1, 0)).toBe(0);
  });
});
