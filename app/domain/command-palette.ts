import { foldCase, type ContentMatch } from "./content-search";

/** What the palette can do besides opening content. `keywords` only help matching. */
export type PaletteCommand =
  | { id: string; kind: "go"; label: string; to: string; keywords?: string }
  | { id: "new-blog-post"; kind: "new-blog-post"; label: string; keywords?: string }
  | { id: "sign-out"; kind: "sign-out"; label: string; keywords?: string };

export type PaletteOption =
  | { id: string; kind: "library"; label: string; term: string }
  | { id: string; kind: "content"; label: string; item: ContentMatch }
  | { id: string; kind: "command"; label: string; command: PaletteCommand };

export interface PaletteSection {
  id: "content" | "actions";
  label: string;
  options: PaletteOption[];
}

/** The permissions the palette's commands depend on (the root loader's `user.can`). */
export interface PaletteAccess {
  "content.create": boolean;
  "team.manage": boolean;
}

export const INVITE_PATH = "/settings?tab=team";

/** Every command the member may run, in the order shown. */
export function paletteCommands(screens: { to: string; label: string }[], can: PaletteAccess): PaletteCommand[] {
  const commands: PaletteCommand[] = [];
  if (can["content.create"])
    commands.push({ id: "new-blog-post", kind: "new-blog-post", label: "New Blog Post", keywords: "create draft write" });
  for (const screen of screens)
    commands.push({ id: `go:${screen.to}`, kind: "go", label: `Go to ${screen.label}`, to: screen.to, keywords: "open screen" });
  if (can["team.manage"])
    commands.push({ id: "invite", kind: "go", label: "Invite a member", to: INVITE_PATH, keywords: "team roles add people" });
  commands.push({ id: "sign-out", kind: "sign-out", label: "Sign out", keywords: "log out logout" });
  return commands;
}

/** Commands whose label or keywords contain every word typed, ignoring case. */
export function matchCommands(commands: PaletteCommand[], query: string): PaletteCommand[] {
  const words = foldCase(query).split(/\s+/).filter(Boolean);
  return commands.filter((c) => {
    const text = foldCase(`${c.label} ${c.keywords ?? ""}`);
    return words.every((w) => text.includes(w));
  });
}

/**
 * The palette's list: all commands while nothing is typed; otherwise "search the library"
 * first (so Enter keeps meaning "search"), then matching content, then matching commands.
 */
export function paletteSections(query: string, matches: ContentMatch[], commands: PaletteCommand[]): PaletteSection[] {
  const term = query.trim();
  const asOptions = (list: PaletteCommand[]): PaletteOption[] =>
    list.map((command) => ({ id: command.id, kind: "command", label: command.label, command }));
  if (!term) return [{ id: "actions", label: "Quick actions", options: asOptions(commands) }];
  const sections: PaletteSection[] = [
    {
      id: "content",
      label: "Content",
      options: [
        { id: "library", kind: "library", label: `Search the library for “${term}”`, term },
        ...matches.map((item): PaletteOption => ({ id: `content:${item.id}`, kind: "content", label: item.title, item })),
      ],
    },
  ];
  const matching = matchCommands(commands, term);
  if (matching.length > 0) sections.push({ id: "actions", label: "Quick actions", options: asOptions(matching) });
  return sections;
}

/** The next active option after an arrow key, wrapping at either end. */
export function stepActive(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return 0;
  return (current + delta + count) % count;
}
