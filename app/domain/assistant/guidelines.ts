/** What the Content Guidelines text asks for, read from its sentences. */
export interface GuidelineRules {
  /** Terms the guidelines say to avoid (quoted in a sentence with avoid/never/don't/ban). */
  banned: string[];
  /** Terms the guidelines say to always use or include (quoted in a sentence with always/must/include). */
  required: string[];
  /** "active voice" is asked for: passive constructions count as violations. */
  activeVoice: boolean;
}

const QUOTED = /['‘"“]([^'’"”]{2,40})['’"”]/g;
const BANS = /\b(avoid|never|don['’]?t|do not|ban(ned)?|no longer use|stay away)\b/i;
const REQUIRES = /\b(always (use|include|mention|say)|must (use|include|mention)|include|mention)\b/i;

export function readGuidelines(guidelines: string): GuidelineRules {
  const banned: string[] = [];
  const required: string[] = [];
  for (const sentence of guidelines.split(/(?<=[.!?;])\s+|\n+/)) {
    const terms = [...sentence.matchAll(QUOTED)].map((m) => m[1].trim().toLowerCase());
    if (terms.length === 0) continue;
    if (BANS.test(sentence)) banned.push(...terms);
    else if (REQUIRES.test(sentence)) required.push(...terms);
  }
  return { banned: [...new Set(banned)], required: [...new Set(required)], activeVoice: /\bactive voice\b/i.test(guidelines) };
}
