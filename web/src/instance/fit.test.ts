// Fit and validation on every fixture with a Buffer Pool Advisory: the model is fitted on the
// rows at size factor ≤ 1.0 only, and the rows above are its predictions. The test prints both
// medians of the relative error of the estimated physical reads per fixture, and holds each to
// 10 %. Where a fixture misses, the test says so (`fails`) with the mechanism the model lacks
// (docs/instance.md, "Where the fit misses"): no constant is tuned to make it pass.
// Each fixture's fit runs about thirty scenarios; the timeout is a hang guard.
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeHtmlDoc } from '../../../scripts/lib/reportHtml';
import { loadEngineNode } from '../sim/node';
import { profiles } from '../sim/profile';
import { fit } from './fit';
import { fixture, hasFixture } from './fixtureFiles';
import { readReportText } from './read';
import { adviceOverSecondHalf } from './runAdvice';
import { shapeOf } from './scenario';

beforeAll(() => loadEngineNode());

/** Fixtures with an advisory, and whether the model meets 10 % on both sides today. */
const FIXTURES: { name: string; meets: boolean; misses?: string }[] = [
  { name: 'awr-11.2.0.4-single.html', meets: true },
  { name: 'awr-11.2.0.4-rac.html', meets: true },
  { name: 'statspack-11.2.0.4.txt', meets: true },
  {
    name: 'awr-18-rac.html',
    meets: false,
    misses:
      'predicted rows: reads keep falling slowly past 2× (a long tail of reuse that Zipf within segments sized by their share does not make)',
  },
  {
    name: 'awr-19-single.html',
    meets: false,
    misses: 'predicted rows: the same slow tail past 1.0',
  },
  {
    name: 'awr-12.2.0.1-aims.html',
    meets: false,
    misses:
      'a working set just above today’s size (reads fall 85 % between 1.0 and 1.5), which per-segment Zipf cannot form',
  },
  {
    name: 'awr-19-rac.html',
    meets: false,
    misses:
      'a cliff at 0.5–0.6 (reads ×277 below it, flat from 0.1 to 0.4): a segment read in a cycle that just fits, not at random',
  },
];

describe('the fit to each fixture’s Buffer Pool Advisory (fitted ≤ 1.0, predicted above)', () => {
  for (const f of FIXTURES) {
    const check = () => {
      const r = readReportText(fixture(f.name), nodeHtmlDoc);
      const shape = shapeOf(r, profiles());
      if (typeof shape === 'string') throw new Error(shape);
      const res = fit(shape, r.advisory, adviceOverSecondHalf);
      const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)} %`);
      console.log(
        `${f.name}: footprint ${res.parameters.footprint}, zipf_s ${res.parameters.zipf_s}: ` +
          `median relative error fitted ${pct(res.median_rel_err_fitted)}, predicted ${pct(res.median_rel_err_predicted)}` +
          (f.misses ? ` — misses: ${f.misses}` : ''),
      );
      // only rows ≤ 1.0 are fitted
      for (const row of res.rows) expect(row.fitted).toBe(row.size_factor <= 1);
      expect(res.median_rel_err_fitted).not.toBeNull();
      expect(res.median_rel_err_predicted).not.toBeNull();
      expect(res.median_rel_err_fitted ?? 1).toBeLessThanOrEqual(0.1);
      expect(res.median_rel_err_predicted ?? 1).toBeLessThanOrEqual(0.1);
    };
    // the public reports are not committed (fixtures/README.md): skipped where absent
    if (!hasFixture(f.name)) it.skip(f.name, check);
    else if (f.meets) it(f.name, { timeout: 300_000 }, check);
    else it.fails(`${f.name} (misses: ${f.misses})`, { timeout: 300_000 }, check);
  }
});
