// Numbers as AWR and Statspack print them: thousands separators ("1,234,567.8"), a leading dot
// (".4"), K/M/G suffixes ("72M" in Cache Sizes, "5,120K"; in Buffer Pool Statistics "Units of
// K, M, G are divided by 1000", as the section's own note says), and "#######" where the value
// overflowed its column (SQL*Plus's overflow mark: Oracle SQL*Plus User's Guide, "COLUMN …
// FORMAT": "If a value cannot fit in the column, SQL*Plus displays pound signs (#)").
// A number in another locale's format ("1.234,5", NLS_NUMERIC_CHARACTERS = ',.') is not guessed
// at: the reader cannot tell "1,234" (one thousand …) from "1,234" (one point two …), so it says so.

/** Why a cell is not a number the reader takes. */
export type NumberTrouble = 'overflow' | 'locale' | 'text';

export type Parsed = { value: number } | { trouble: NumberTrouble; cell: string };

const EN = /^[-+]?(\d{1,3}(,\d{3})+|\d*)(\.\d+)?$/;
const LOCALE = /^[-+]?(\d{1,3}(\.\d{3})+|\d+)(,\d+)$|^[-+]?\d{1,3}(\.\d{3}){2,}$/;

/**
 * A cell as a number: `base` is what a K/M/G suffix multiplies by (1024 for sizes, 1000 for
 * counts). Empty or blank cells are not numbers (trouble 'text').
 */
export function parseCell(raw: string, base: 1000 | 1024 = 1000): Parsed {
  const cell = raw.replace(/\u00a0/g, ' ').trim();
  if (/^#+$/.test(cell)) return { trouble: 'overflow', cell };
  const m = /^(.*?)\s*([KMGT])(?:B)?$/i.exec(cell);
  const body = m ? m[1] : cell;
  const power = m ? 'KMGT'.indexOf(m[2].toUpperCase()) + 1 : 0;
  if (body === '' || body === '-' || body === '.') return { trouble: 'text', cell };
  if (EN.test(body)) {
    const v = Number(body.replace(/,/g, ''));
    if (Number.isFinite(v)) return { value: v * base ** power };
  }
  if (LOCALE.test(body)) return { trouble: 'locale', cell };
  return { trouble: 'text', cell };
}

/** The number, or null when the cell is not one. */
export function num(raw: string | undefined, base: 1000 | 1024 = 1000): number | null {
  if (raw === undefined) return null;
  const p = parseCell(raw, base);
  return 'value' in p ? p.value : null;
}

/** Thrown when a section's numbers are in a format the reader refuses (the section says why). */
export class RefusedNumbers extends Error {}

/**
 * The number, throwing RefusedNumbers for another locale's format (a whole section is then
 * refused, naming the cell) and returning null for overflow or text.
 */
export function numOrRefuse(raw: string | undefined, base: 1000 | 1024 = 1000): number | null {
  if (raw === undefined) return null;
  const p = parseCell(raw, base);
  if ('value' in p) return p.value;
  if (p.trouble === 'locale')
    throw new RefusedNumbers(
      `'${p.cell}' is in another locale's number format (Oracle's reports write 1,234.5 with NLS_NUMERIC_CHARACTERS '.,'); the reader does not guess which separator is which`,
    );
  return null;
}
