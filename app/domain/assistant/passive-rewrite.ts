/** Past tense of common irregular participles; a regular "-ed" participle is its own past tense. */
const IRREGULAR: Record<string, string> = {
  written: "wrote",
  made: "made",
  built: "built",
  done: "did",
  given: "gave",
  taken: "took",
  shown: "showed",
  seen: "saw",
  chosen: "chose",
  driven: "drove",
  known: "knew",
  led: "led",
  sent: "sent",
  put: "put",
  found: "found",
  held: "held",
  brought: "brought",
  told: "told",
  run: "ran",
  begun: "began",
  read: "read",
  paid: "paid",
  set: "set",
  cut: "cut",
  won: "won",
  grown: "grew",
  drawn: "drew",
  spoken: "spoke",
};
const DETERMINERS = new Set([
  "the",
  "a",
  "an",
  "our",
  "this",
  "that",
  "these",
  "those",
  "each",
  "every",
  "its",
  "their",
  "your",
  "all",
  "some",
]);

const lowerLead = (s: string) => {
  const first = s.split(/\s/)[0];
  return DETERMINERS.has(first.toLowerCase()) ? first.toLowerCase() + s.slice(first.length) : s;
};
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * "The report was written by the analytics team." → "The analytics team wrote the report." Only the
 * plain past-tense form with a named doer is rewritten; anything else stays advice for the writer.
 */
export function activeVoice(clause: string): string | null {
  const m = clause.match(
    /^(\s*)([^,;:]+?)\s+(was|were)\s+([a-z]+)\s+by\s+([^,;:.!?]+?)(\s+(?:in|on|at|during|before|after|last|this|next)\s[^,;:.!?]+)?([.!?]?)$/i,
  );
  if (!m) return null;
  const [, lead, subject, , participle, agent, when = "", end] = m;
  const verb = IRREGULAR[participle.toLowerCase()] ?? (/ed$/i.test(participle) ? participle : null);
  if (!verb || subject.split(/\s+/).length > 8 || agent.split(/\s+/).length > 6) return null;
  const atStart = lead === "" && /^[A-Z]/.test(subject);
  const doer = atStart ? upperFirst(agent) : agent;
  return `${lead}${doer} ${verb} ${atStart ? lowerLead(subject) : subject}${when}${end}`;
}

/** Rewrites the first clause of the sentence (split at commas and semicolons) that is a plain passive with a doer. */
export function activeSentence(sentence: string): string | null {
  const pieces = sentence.split(/(?<=[,;])\s+/);
  for (let i = 0; i < pieces.length; i++) {
    const joiner = i > 0 ? (pieces[i].match(/^(and|but|so)\s+/i)?.[0] ?? "") : "";
    const clause = pieces[i].slice(joiner.length);
    const trailing = clause.match(/[,;]$/)?.[0] ?? "";
    const rewritten = activeVoice(trailing ? clause.slice(0, -1) : clause);
    if (!rewritten) continue;
    pieces[i] = joiner + rewritten + trailing;
    return pieces.join(" ");
  }
  return null;
}
