/** "faster reviews, the shared brand voice and the new agent workflow" → the three phrases. */
export function listItems(phrase: string): string[] {
  const parts = phrase.split(/,\s*(?:and\s+|or\s+)?/).map((p) => p.trim());
  // "a, b and c": the last comma's part holds the last two items.
  const listed = parts.length > 1;
  const last = listed ? parts.pop()!.split(/\s+(?:and|or)\s+(?!.*\s(?:and|or)\s)/) : [];
  const items = listed
    ? [...parts, ...last]
    : parts.flatMap((p) => p.split(/\s+and\s+(?=(?:the|a|an|our|their|your|how|what|where|why|when)\b)/i));
  return items.map((p) => p.trim()).filter((p) => p.length > 2);
}
