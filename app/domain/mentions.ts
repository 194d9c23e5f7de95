/** A member who can be @mentioned. */
export interface Mentionable {
  id: string;
  name: string;
}

const firstName = (name: string) => name.split(/\s+/)[0];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentionOf = (label: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}_])@${escape(label)}(?![\\p{L}\\p{N}_])`, "iu");

/**
 * The members a comment @mentions: "@Marcus Rivera", or "@Marcus" when no other member shares that
 * first name. Each member once, in the order of `members`.
 */
export function mentionedMembers(body: string, members: Mentionable[]): string[] {
  if (!body.includes("@")) return [];
  const firstNames = new Map<string, number>();
  for (const m of members) firstNames.set(firstName(m.name).toLowerCase(), (firstNames.get(firstName(m.name).toLowerCase()) ?? 0) + 1);
  return members
    .filter((m) => {
      if (mentionOf(m.name).test(body)) return true;
      const first = firstName(m.name);
      return firstNames.get(first.toLowerCase()) === 1 && mentionOf(first).test(body);
    })
    .map((m) => m.id);
}

/** The "@par" being typed just before the caret, or null: what the member picker filters by. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|\s)@([\p{L}\p{N}'’-]{0,30})$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[1].length - 1, query: match[1] };
}

/** Members whose name (or a word of it) starts with the query, at most `limit`. */
export function matchMembers(query: string, members: Mentionable[], limit = 6): Mentionable[] {
  const q = query.toLowerCase();
  return members
    .filter((m) =>
      m.name
        .toLowerCase()
        .split(/\s+/)
        .some((w) => w.startsWith(q)),
    )
    .slice(0, limit);
}

/** The text with the "@query" at `start` replaced by the member's full name and a space. */
export function insertMention(text: string, start: number, caret: number, member: Mentionable) {
  const inserted = `@${member.name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}
