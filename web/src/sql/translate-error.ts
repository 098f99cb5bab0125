// The translation's own refusals (translate.ts, rownum.ts).

/** A statement the translation itself refuses (too few arguments …), at a script offset. */
export class TranslateError extends Error {
  constructor(
    readonly code: string | null,
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}
