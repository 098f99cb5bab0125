// The raw init.ora text of a scenario's `init`, both ways: `format` writes one `name = value`
// line per parameter that is set, `parse` reads such text back (comments with '#', blank lines,
// values as Oracle writes them, spfile prefixes `*.` and `sid.`). parse(format(init)) gives
// `init` back.
export type InitValue = string | number | boolean;
export type InitMap = Record<string, InitValue>;

export interface InitLineError {
  line: number;
  message: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_$#]*$/;

/** Text for a value: numbers and TRUE/FALSE bare, strings bare unless they need quotes. */
function formatValue(value: InitValue): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  if (value === '' || /[\s#"]/.test(value) || /^(TRUE|FALSE|-?\d+(\.\d+)?)$/i.test(value)) {
    return `"${value.replace(/"/g, '\\"')}"`;
  }
  return value;
}

/** One line per parameter, in the order given by `order` (others after, by name). */
export function formatInit(init: InitMap, order: readonly string[] = []): string {
  const rank = (name: string) => {
    const i = order.indexOf(name);
    return i < 0 ? order.length : i;
  };
  const names = Object.keys(init).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return names.map((name) => `${name} = ${formatValue(init[name])}`).join('\n') + '\n';
}

function parseValue(raw: string): InitValue | null {
  if (raw.startsWith('"') || raw.startsWith("'")) {
    const quote = raw[0];
    if (raw.length < 2 || !raw.endsWith(quote)) return null;
    return raw.slice(1, -1).replace(/\\"/g, '"');
  }
  if (/^TRUE$/i.test(raw)) return true;
  if (/^FALSE$/i.test(raw)) return false;
  // digits only: a whole number ≥ 0 is the only number an init.ora parameter here takes, and
  // `-5`, `1.0` or `1e3` stay text for the engine to refuse by the parameter's name (issue 29)
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** Strip a trailing `# comment` that is not inside quotes. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '#') {
      return line.slice(0, i);
    }
  }
  return line;
}

/** Read init.ora text; every bad line is reported with its number (1-based). */
export function parseInit(text: string): {
  init: InitMap;
  errors: InitLineError[];
  /** The line (1-based) that sets each parameter of `init`. */
  lines: Record<string, number>;
} {
  const init: InitMap = {};
  const lines: Record<string, number> = {};
  const errors: InitLineError[] = [];
  // a pfile saved with a UTF-8 byte order mark reads as any other (issue 29 #12)
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((rawLine, i) => {
      const line = stripComment(rawLine).trim();
      if (line === '') return;
      const eq = line.indexOf('=');
      if (eq < 0) {
        const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
        errors.push({ line: i + 1, message: `expected "name = value", got "${shown}"` });
        return;
      }
      // an spfile's instance prefix (`*.` for every instance, `orcl.` for one), as
      // `create pfile from spfile` writes it: the one instance here takes both
      const name = line
        .slice(0, eq)
        .trim()
        .replace(/^(\*|[A-Za-z][A-Za-z0-9_$#]*)\.(?=[A-Za-z_])/, '');
      const rawValue = line.slice(eq + 1).trim();
      if (!NAME.test(name)) {
        errors.push({ line: i + 1, message: `"${name}" is not a parameter name` });
        return;
      }
      const value = rawValue === '' ? null : parseValue(rawValue);
      if (value === null) {
        errors.push({ line: i + 1, message: `${name} has no value` });
        return;
      }
      if (Object.hasOwn(init, name.toLowerCase())) {
        errors.push({ line: i + 1, message: `${name} is set twice` });
        return;
      }
      init[name.toLowerCase()] = value;
      lines[name.toLowerCase()] = i + 1;
    });
  return { init, errors, lines };
}
