// Issue 41 #12: every command refuses an option it does not know, naming it and the nearest
// known one, and --help lists each option (scripts/lib/args.ts). Issue 41 #6: a SQL*Plus
// script runs from a file or stdin as it is, its PROMPT lines echoed.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { argsError, helpText, nearestOption, type Command } from './lib/args';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = (name: string, args: string[], input?: string) =>
  spawnSync('node', ['scripts/cli.mjs', name, ...args], { cwd: root, encoding: 'utf8', input });

const SIM: Command = {
  name: 'sim',
  usage: ['<scenario.json>'],
  options: {
    policy: { type: 'string', value: 'NAME', help: 'the policy' },
    trace: { type: 'string', value: 'FILE', help: 'a trace' },
    'trace-map': { type: 'string', value: 'direct|dense', help: 'ids' },
    json: { type: 'boolean', help: 'JSON' },
  },
};

describe('the command line (scripts/lib/args.ts)', () => {
  it('names an unknown option and the nearest known one', () => {
    expect(argsError(SIM, ['x.json', '--polcy', 'arc'])).toBe(
      'unknown option --polcy (did you mean --policy?); --help lists the options',
    );
    expect(argsError(SIM, ['x.json', '--trace-mpa=dense'])).toContain('did you mean --trace-map?');
    // nothing near: named alone
    expect(argsError(SIM, ['x.json', '--bogus-flag', '7'])).toBe(
      'unknown option --bogus-flag; --help lists the options',
    );
    expect(nearestOption('--jbos', ['jobs', 'csv'])).toBe('--jobs');
    expect(nearestOption('--zzzzzz', ['jobs', 'csv'])).toBeNull();
  });

  it('a valued option without its value, and a flag with one, are errors naming them', () => {
    expect(argsError(SIM, ['x.json', '--policy'])).toBe('--policy needs a value (--policy NAME)');
    expect(argsError(SIM, ['x.json', '--json=yes'])).toBe('--json takes no value');
  });

  it('accepts what it knows, both spellings of a value', () => {
    expect(argsError(SIM, ['x.json', '--policy', 'arc', '--json'])).toBeNull();
    expect(argsError(SIM, ['--policy=arc', 'x.json'])).toBeNull();
  });

  it('--help lists every option with its value and what it does', () => {
    const help = helpText(SIM);
    expect(help.split('\n')[0]).toBe('usage: npm run -s sim -- <scenario.json>');
    for (const [name, o] of Object.entries(SIM.options)) {
      const line = help.split('\n').find((l) => l.trimStart().startsWith(`--${name} `));
      expect(line, name).toContain(o.help);
      if (o.type === 'string') expect(line).toContain(`--${name} ${o.value}`);
    }
    expect(help).toContain('--help');
  });
});

describe('every command', () => {
  const scenario = 'scenarios/seed000-8.0-test2.json';
  const cases: Array<[string, string[], string, string | null]> = [
    ['sim', [scenario, '--polcy', 'arc'], '--polcy', '--policy'],
    ['sim', [scenario, '--bogus-flag', '7'], '--bogus-flag', null],
    ['sweep', [scenario, 'db_block_buffers=200..400/2', '--jbos', '2'], '--jbos', '--jobs'],
    ['sql', [scenario, '--jsn', 'select 1 from dual'], '--jsn', '--json'],
    ['lecture', ['lectures/x.json', '--jsno'], '--jsno', '--json'],
    ['paper', ['--csv'], '--csv', null],
    ['mrc', [scenario, '--polcies', 'lru'], '--polcies', '--policies'],
  ];
  it.each(cases)(
    '%s %j: exit 2, naming the option',
    (name, args, bad, near) => {
      const r = cli(name, args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`${name}: unknown option ${bad}`);
      if (near) expect(r.stderr).toContain(`did you mean ${near}?`);
    },
    60_000,
  );

  it('a known option still takes effect (its value read under its own name)', () => {
    const r = cli('sim', [scenario, '--policy', 'arc']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).policy).toBe('arc');
  }, 60_000);

  it.each(['sim', 'sweep', 'sql', 'lecture', 'paper', 'mrc'])(
    '%s --help: the options, exit 0',
    (name) => {
      const r = cli(name, ['--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`usage: npm run -s ${name} -- `);
      expect(r.stdout).toContain('--help');
    },
    60_000,
  );
});

describe('npm run -s sql -- --file', () => {
  // a monitoring script as DBAs keep them: a dashed comment header, PROMPT, a query
  const script = [
    '-- -----------------------------------------------',
    '-- File: hit.sql   Buffer cache hit ratio',
    '-- -----------------------------------------------',
    'set pagesize 100',
    'PROMPT Buffer cache hit ratio',
    'select 1 as x from dual;',
    'prompt',
    'pro done',
    '',
  ].join('\n');
  const file = join(tmpdir(), `cachesim-args-${process.pid}.sql`);
  writeFileSync(file, script);
  const scenario = 'scenarios/seed000-8.0-test2.json';

  it('runs the script as it is, PROMPT echoed where it stands', () => {
    const r = cli('sql', [scenario, '--file', file]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      ['Buffer cache hit ratio', '', 'X\n-\n1\n\n1 row selected.', '', '', '', 'done', '', ''].join(
        '\n',
      ),
    );
  }, 60_000);

  it('reads the script from stdin with --file -', () => {
    const r = cli('sql', [scenario, '--file', '-'], script);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(cli('sql', [scenario, '--file', file]).stdout);
  }, 60_000);

  it('refuses two sources of SQL, and names a file it cannot read', () => {
    const two = cli('sql', [scenario, '--file', file, 'select 1 from dual']);
    expect(two.status).toBe(2);
    expect(two.stderr).toContain('give the SQL one way');
    const none = cli('sql', [scenario, '--file', '/nonexistent/x.sql']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('cannot read /nonexistent/x.sql');
  }, 60_000);
});
