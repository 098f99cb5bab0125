// The bundled lectures against the headless runner: every slide reaches its position and
// every placeholder holds the engine's own figure — `npm run -s sim`'s report to the last
// digit for a run's end and for `run(id)`, a fresh run sought to the slide's position
// otherwise — and every slide's text is checked (a lecture that does not run fails here).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRun, LectureRunner, resolveScenario, withSetup } from '../web/src/lecture/fill';
import { LectureError, type Lecture, type Slide } from '../web/src/lecture/format';
import { parseLecture, scenariosOf, targetOf } from '../web/src/lecture/format';
import { lookUp, parseFigure, type Figure } from '../web/src/lecture/placeholders';
import { loadEngineNode } from '../web/src/sim/node';
import { bundledNames, bundledScenario, lectureFiles } from './lib/lectures';

const root = fileURLToPath(new URL('..', import.meta.url));
// the bundled runner of `npm run -s …` (scripts/cli.mjs: made once, no tsx start-up a run;
// scripts/cli.test.ts checks that it prints what the script prints under tsx)
const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', cliName(script), ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
function cliName(script: string): string {
  const name = /^scripts\/(\w+)\.ts$/.exec(script)?.[1];
  if (!name) throw new Error(`not a script of scripts/cli.mjs: ${script}`);
  return name;
}

interface Printed {
  title: string;
  slides: {
    slide: number;
    scenario: string;
    position: number;
    figures: { name: string; value: Figure; text: string }[];
  }[];
}

/** `npm run -s sim -- scenarios/<id>.json`'s report, with the scenario as `setup`. */
const simReports = new Map<string, object>();
function simReport(id: string): object {
  let r = simReports.get(id);
  if (!r) {
    const out = run('scripts/sim.ts', `scenarios/${id}.json`);
    expect(out.status, out.stderr).toBe(0);
    r = withSetup(JSON.parse(out.stdout) as object, bundledScenario(id)!);
    simReports.set(id, r);
  }
  return r;
}

beforeAll(() => loadEngineNode());

const files = lectureFiles();

/** What a typed figure of a run looks like: 12,345 · 47.9 % · 18.8 s (not a version, 8.1.5). */
const FIGURE = /\d,\d{3}|\d\s?%|\d\.\d+\s?(?:s|ms|MB|GB|KB)\b/;

describe('bundled lectures', () => {
  it('there are five or more, each of 8 to 15 slides, each naming its source', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      const l = parseLecture(readFileSync(f, 'utf8'), bundledNames());
      expect(l.slides.length, f).toBeGreaterThanOrEqual(8);
      expect(l.slides.length, f).toBeLessThanOrEqual(15);
      expect(l.source, f).toMatch(/[Ss]eed 00\d/);
    }
  });

  it('type no number outside a placeholder in their slides’ figures of the run', () => {
    // a figure a slide states is a placeholder: no "12,345" or "47.9 %" typed in the text
    for (const f of files) {
      const l = parseLecture(readFileSync(f, 'utf8'));
      for (const [k, s] of l.slides.entries()) {
        const bare = s.text.replace(/\{\{[^}]*\}\}/g, '').replace(/`[^`]*`/g, '');
        expect(bare, `${f} slide ${k + 1}`).not.toMatch(FIGURE);
      }
    }
  });

  for (const file of files) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    it(`${name}: every figure is the headless runner's, to the last digit`, () => {
      const out = run('scripts/lecture.ts', file, '--json');
      expect(out.status, out.stderr).toBe(0);
      const printed = JSON.parse(out.stdout) as Printed;
      const lecture = parseLecture(readFileSync(file, 'utf8'), bundledNames());
      const scenarios = scenariosOf(lecture);
      expect(printed.slides.length).toBe(lecture.slides.length);
      for (const [k, s] of printed.slides.entries()) {
        const where = `${name} slide ${k + 1}`;
        const resolved = resolveScenario(scenarios[k], bundledScenario, `slides[${k}]`);
        const target = targetOf(lecture.slides[k]);
        // the slide's own run: the runner's report at its end, else a fresh run sought there
        let report: object;
        if (target === 'end' && resolved.base !== null && resolved.key === resolved.base) {
          report = simReport(resolved.base);
          expect(
            (report as { accesses?: number; phases?: number }).accesses ??
              (report as { phases: number }).phases,
            where,
          ).toBe(s.position);
        } else {
          const r = createRun(resolved.scenario);
          r.seek(s.position);
          expect(r.position, where).toBe(s.position);
          report = withSetup(r.report(), resolved.scenario);
          r.free();
        }
        for (const f of s.figures) {
          const p = parseFigure(f.name);
          if (typeof p === 'string') throw new Error(p);
          const source = p.run ? simReport(p.run) : report;
          const want = lookUp(source, p.path);
          expect(want, `${where}: {{${f.name}}}`).toEqual({ value: f.value });
        }
      }
    }, 240_000);
  }
});

describe('a slide the engine cannot show', () => {
  /** The path and message a one-slide lecture is refused with when it is run. */
  function refusal(slide: Slide): string {
    const lecture: Lecture = { version: 1, title: 'T', source: 'seed 000', slides: [slide] };
    const runner = new LectureRunner(bundledScenario);
    try {
      runner.slide(lecture, 0);
    } catch (e) {
      expect(e).toBeInstanceOf(LectureError);
      return (e as Error).message;
    } finally {
      runner.free();
    }
    throw new Error('shown');
  }
  const test1 = 'seed000-8.0-test1';

  it('names the field: a position past the run, of the wrong kind, or a figure not reported', () => {
    expect(refusal({ text: 'x', scenario: test1, position: { execution: 10_001 } })).toBe(
      'slides[0].position.execution: the run has only 10000 executions',
    );
    expect(refusal({ text: 'x', scenario: test1, position: { access: 40_001 } })).toBe(
      'slides[0].position.access: the run has only 40000 positions',
    );
    expect(refusal({ text: 'x', scenario: test1, position: { statement: 1 } })).toMatch(
      /^slides\[0\]\.position\.statement: a buffer cache run counts executions/,
    );
    expect(refusal({ text: 'x', scenario: test1, action: { play: { step: 1 } } })).toMatch(
      /^slides\[0\]\.action\.play\.step: only a script workload has steps/,
    );
    expect(refusal({ text: '{{KEEP.hit_ratio}}', scenario: test1 })).toBe(
      'slides[0].text: {{KEEP.hit_ratio}}: pool KEEP is not in the report',
    );
    expect(refusal({ text: '{{run(nope).elapsed_s}}', scenario: test1 })).toMatch(
      /^slides\[0\]\.text: run\(nope\): no bundled scenario/,
    );
    expect(
      refusal({
        text: 'x',
        scenario: { bundled: test1, edits: { init: { db_block_buffers: 10 } } },
      }),
    ).toMatch(/^slides\[0\]\.scenario: /);
  });

  it('refuses a lecture past its limits by field, before running a slide (issue 44)', () => {
    // 20,000 slides, or one slide of 100,000 placeholders, ran past 20 s here
    const dir = mkdtempSync(join(tmpdir(), 'lecture-'));
    const file = join(dir, 'big.json');
    const lecture = (slides: Slide[]) =>
      JSON.stringify({ version: 1, title: 'T', source: 'seed 000', slides });
    try {
      const many = Array.from({ length: 20_000 }, (_, k) => ({ text: `slide ${k}` }) as Slide);
      writeFileSync(file, lecture([{ text: 'x', scenario: test1 }, ...many]));
      let out = run('scripts/lecture.ts', file);
      expect(out.status).toBe(1);
      expect(out.stderr).toMatch(/slides: has 20,001 slides; a lecture may have at most 200/);
      writeFileSync(file, lecture([{ text: '{{accesses}}'.repeat(100_000), scenario: test1 }]));
      out = run('scripts/lecture.ts', file);
      expect(out.status).toBe(1);
      expect(out.stderr).toMatch(/slides\[0\]\.text: is 1,200,000 characters long; at most 10,000/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a slide’s sweep as the Sizing panel would, naming the action', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lecture-'));
    const file = join(dir, 'sweep.json');
    const sweep = (param: string) =>
      JSON.stringify({
        version: 1,
        title: 'T',
        source: 'seed 000',
        slides: [
          { text: 'x', scenario: test1, action: { sweep: { param, from: 1, to: 9, steps: 3 } } },
        ],
      });
    try {
      writeFileSync(file, sweep('nope'));
      const bad = run('scripts/lecture.ts', file);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/slides\[0\]\.action\.sweep: nope is neither a numeric init\.ora/);
      writeFileSync(file, sweep('cost.physical_read_ms'));
      expect(run('scripts/lecture.ts', file).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies a slide’s edits over its bundled scenario (a JSON merge patch)', () => {
    const lecture: Lecture = {
      version: 1,
      title: 'T',
      source: 'seed 000',
      slides: [
        {
          text: '{{setup.init.db_block_buffers}} {{DEFAULT.cnum_set}}',
          scenario: { bundled: test1, edits: { init: { db_block_buffers: 600 } } },
        },
      ],
    };
    const runner = new LectureRunner(bundledScenario);
    const shown = runner.slide(lecture, 0);
    runner.free();
    expect(shown.pieces.map((p) => (typeof p === 'string' ? p : p.text)).join('')).toBe('600 600');
  });
});
