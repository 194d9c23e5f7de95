/** What the Content Guidelines text asks for, read from its sentences. The guidelines come first. */
export interface GuidelineRules {
  /** Terms the guidelines say to avoid (quoted in a sentence with avoid/never/don't/ban). */
  banned: string[];
  /** Terms the guidelines say to always use or include (quoted in a sentence with always/must/include). */
  required: string[];
  /** "active voice" is asked for: passive constructions count as violations. */
  activeVoice: boolean;
  /** The longest sentence the guidelines allow, in words: a number they give, or 20 for "keep sentences short". */
  maxSentenceWords: number | null;
  /** Whether the guidelines ask for contractions ("use contractions") or against them ("avoid contractions"). */
  contractions: "use" | "avoid" | null;
}

/** What "keep sentences short" means when no number is given: plain-language guides put it at 20 words. */
export const SHORT_SENTENCE_WORDS = 20;

const QUOTED = /['‘"“]([^'’"”]{2,40})['’"”]/g;
const BANS = /\b(avoid|never|don['’]?t|do not|ban(ned)?|no longer use|stay away)\b/i;
const REQUIRES = /\b(always (use|include|mention|say)|must (use|include|mention)|include|mention)\b/i;
const SENTENCE_NUMBER =
  /sentences?\b[^.;\n]*?\b(?:under|below|at most|no (?:longer|more) than|max(?:imum)?(?: of)?|up to|fewer than|less than)\s+(\d{1,3})\s+words/i;
const SHORT_SENTENCES = /\b(short|shorter|brief|concise) sentences\b|\bsentences?\b[^.;\n]*\b(short|brief|concise)\b/i;

function sentenceLimit(guidelines: string): number | null {
  const number = guidelines.match(SENTENCE_NUMBER);
  if (number) return Math.max(5, Number(number[1]));
  return SHORT_SENTENCES.test(guidelines) ? SHORT_SENTENCE_WORDS : null;
}

function contractionRule(guidelines: string): GuidelineRules["contractions"] {
  if (/\b(avoid|no|never use|don['’]?t use|do not use)\s+contractions\b/i.test(guidelines)) return "avoid";
  if (/\b(use|with)\s+contractions\b/i.test(guidelines)) return "use";
  return null;
}

export function readGuidelines(guidelines: string): GuidelineRules {
  const banned: string[] = [];
  const required: string[] = [];
  for (const sentence of guidelines.split(/(?<=[.!?;])\s+|\n+/)) {
    const terms = [...sentence.matchAll(QUOTED)].map((m) => m[1].trim().toLowerCase());
    if (terms.length === 0) continue;
    if (BANS.test(sentence)) banned.push(...terms);
    else if (REQUIRES.test(sentence)) required.push(...terms);
  }
  return {
    banned: [...new Set(banned)],
    required: [...new Set(required)],
    activeVoice: /\bactive voice\b/i.test(guidelines),
    maxSentenceWords: sentenceLimit(guidelines),
    contractions: contractionRule(guidelines),
  };
}
