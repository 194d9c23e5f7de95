/** Without a sentence-length rule in the guidelines, sentences over this many words are flagged. */
export const DEFAULT_SENTENCE_WORDS = 25;
