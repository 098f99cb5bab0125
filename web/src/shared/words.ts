// English number agreement for the page's captions and the narration.

/** `word` as it goes with `n`: "chunk" for 1, else "chunks" ("latches", "buses"). */
export const noun = (n: number, word: string): string =>
  n === 1 ? word : /(ch|sh|s|x)$/.test(word) ? `${word}es` : `${word}s`;

/** "1 header", "3 latches": `n` as is, then the word agreeing with it. */
export const plural = (n: number, word: string): string => `${n} ${noun(n, word)}`;
