import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as library from '../../sim/library';
import { loadEngineNode } from '../../sim/node';
import type { Scenario } from '../../sim/engine';
import { paperMarks, pointOf } from '../series';
import { CHARTS, refsFor, xOf } from './charts';

beforeAll(() => loadEngineNode());

const scenario = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../scenarios/${name}.json`, import.meta.url), 'utf8'),
  ) as Scenario;

describe('the library cache charts', () => {
  it("read the paper's final figures from a scenario", () => {
    const marks = paperMarks(scenario('seed001-8.1.6-test1').paper);
    expect(marks).toEqual({ elapsed_s: 100, parse_count_hard: 50274, latch_free_wait_s: 183.2 });
    expect(paperMarks(undefined)).toEqual({});
    expect(paperMarks({ source: 's', metrics: [{ metric: 'elapsed_s', value: 7 }] })).toEqual({
      elapsed_s: 7,
    });
  });

  it('draw each reference where the chart has its axis', () => {
    const marks = { elapsed_s: 100, parse_count_hard: 50274, latch_free_wait_s: 183.2 };
    const axes = (spec: keyof typeof CHARTS, x: 'seconds' | 'statements') =>
      refsFor(CHARTS[spec], marks, x).map((r) => `${r.axis}:${r.value}`);
    expect(axes('parses', 'seconds')).toEqual(['y:50274', 'x:100']);
    expect(axes('parses', 'statements')).toEqual(['y:50274']);
    expect(axes('latches', 'statements')).toEqual(['y2:183.2']);
    expect(axes('ratios', 'seconds')).toEqual(['x:100']);
    expect(axes('search', 'statements')).toEqual([]);
    expect(refsFor(CHARTS.parses, {}, 'seconds')).toEqual([]);
  });

  it('take their points from the report', () => {
    const run = library.Run.create(scenario('seed001-8.1.6-test2'));
    run.step(3000);
    const r = run.report();
    const p = pointOf(r, run.position, run.now);
    run.free();
    expect(p.position).toBe(3000);
    expect(p.statements).toBe(r.statements);
    expect(p.parse_total).toBe(r.library_cache.sysstat.parse_count_total);
    expect(p.parse_hard).toBeLessThanOrEqual(p.parse_total);
    expect(p.gethitratio).toBeGreaterThan(0.9); // binds: nearly every lookup finds the handle
    expect(p.lc_sleeps).toBe(
      r.library_cache.latches.find((l) => l.name === 'library cache')?.sleeps,
    );
    expect(xOf(p, 'seconds')).toBe(p.seconds);
    expect(xOf(p, 'statements')).toBe(p.statements);
    // Every line of every chart reads a finite number from a point.
    for (const spec of Object.values(CHARTS)) {
      for (const l of spec.lines) expect(Number.isFinite(l.value(p))).toBe(true);
    }
  });

  it('keep the ratio axis within 0..1 and count axes from 0', () => {
    expect(CHARTS.ratios.domain([0.97, 0.99])).toEqual([0.9, 1]);
    expect(CHARTS.ratios.domain([0, 0])).toEqual([0, 1]);
    expect(CHARTS.parses.domain([])).toEqual([0, 10]);
    expect(CHARTS.parses.domain([100, 50274])[1]).toBeGreaterThan(50274);
  });
});
