// The command line of every `npm run -s <command>` (issue 41 #12): Node's own parser
// (`node:util` `parseArgs`, strict), so a mistyped option is an error that names it and the
// nearest known one, never a silent default; and `--help` lists each option from the same table
// the parser reads, so the two cannot disagree.
import { closest, distance } from 'fastest-levenshtein';
import { parseArgs } from 'node:util';

/** One option: its type, whether it may repeat, a value's name for the help, and what it does. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** the value's name in the usage line (`--policy NAME`); string options only */
  value?: string;
  help: string;
}

export interface Command {
  /** the command's name, as messages start (`sim: …`) */
  name: string;
  /** usage lines after `usage: ` (positionals and the commonest options) */
  usage: string[];
  options: Record<string, OptionSpec>;
  /** lines printed after the options (examples) */
  notes?: string[];
}

/** Every command has --help; it is listed once, here. */
const HELP: OptionSpec = { type: 'boolean', help: 'print this help and exit' };

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** The help text: the usage lines, then one line per option. */
export function helpText(cmd: Command): string {
  const options = { ...cmd.options, help: HELP };
  const heads = Object.entries(options).map(
    ([name, o]) => `--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`,
  );
  const width = Math.max(...heads.map((h) => h.length)) + 2;
  const lines = [
    ...cmd.usage.map((u, k) => `${k === 0 ? 'usage: ' : '       '}npm run -s ${cmd.name} -- ${u}`),
    'options:',
    ...Object.values(options).map(
      (o, k) => `  ${heads[k].padEnd(width)}${o.help}${o.multiple ? ' (may repeat)' : ''}`,
    ),
    ...(cmd.notes ?? []),
  ];
  return lines.join('\n');
}

/** The nearest known option to a mistyped one, when it is near enough to be meant. */
export function nearestOption(given: string, known: string[]): string | null {
  const bare = given.replace(/^-+/, '').split('=')[0];
  if (known.length === 0 || bare === '') return null;
  const best = closest(bare, known);
  // a third of the name's letters wrong (at least 2 allowed) is still a typo of it
  return distance(bare, best) <= Math.max(2, Math.ceil(best.length / 3)) ? `--${best}` : null;
}

/** What went wrong with the command line, as one line naming the option; null if nothing. */
export function argsError(cmd: Command, argv: string[]): string | null {
  try {
    parse(cmd, argv);
    return null;
  } catch (e) {
    return explain(cmd, e as Error & { code?: string });
  }
}

function parse(cmd: Command, argv: string[]): Parsed {
  const options = Object.fromEntries(
    Object.entries({ ...cmd.options, help: HELP }).map(([k, o]) => [
      k,
      { type: o.type, ...(o.multiple ? { multiple: true } : {}) },
    ]),
  );
  const { values, positionals } = parseArgs({
    args: argv,
    options,
    allowPositionals: true,
    strict: true,
  });
  return { values: values as Parsed['values'], positionals };
}

function explain(cmd: Command, e: Error & { code?: string }): string {
  const known = [...Object.keys(cmd.options), 'help'];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    // Node's message: "Unknown option '--polcy'. …"
    const given = /'([^']+)'/.exec(e.message)?.[1] ?? '?';
    const near = nearestOption(given, known);
    return `unknown option ${given}${near ? ` (did you mean ${near}?)` : ''}; --help lists the options`;
  }
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    // "Option '--policy <value>' argument missing" or "Option '--json' does not take an argument"
    const named = /'(--[\w-]+)/.exec(e.message)?.[1] ?? '';
    const o = cmd.options[named.slice(2)];
    if (o?.type === 'string') return `${named} needs a value (${named} ${o.value ?? 'VALUE'})`;
    return `${named} takes no value`;
  }
  return e.message;
}

/**
 * The command line, parsed: on `--help` the help on stdout and exit 0; on an unknown option or a
 * missing value, `<name>: <what>` on stderr and exit 2.
 */
export function parseCommand(cmd: Command, argv = process.argv.slice(2)): Parsed {
  let parsed: Parsed;
  try {
    parsed = parse(cmd, argv);
  } catch (e) {
    console.error(`${cmd.name}: ${explain(cmd, e as Error & { code?: string })}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    process.stdout.write(helpText(cmd) + '\n');
    process.exit(0);
  }
  return parsed;
}

/** The usage on stderr, after a line saying what is missing, and exit 2. */
export function usageError(cmd: Command, what: string): never {
  console.error(`${cmd.name}: ${what}\n${helpText(cmd)}`);
  process.exit(2);
}
