// A report from end to end, as the CLI prints it (`npm run -s sim -- --report FILE --json`) and
// the page shows it: what was read, the fit of the model's advisory to the report's, the fitted
// scenario, and the what-if table. The engine must be loaded (Node: loadEngineNode; the page:
// the Worker that runs this).
import { profiles, traitsOf } from '../sim/profile';
import type { Profile } from '../sim/generated/Profile';
import { fit, type FittedRow } from './fit';
import { adviceOverSecondHalf } from './runAdvice';
import { scenarioFor, shapeOf, type FitParams } from './scenario';
import type { ReadReport } from './types';
import { whatIfs, type WhatIf } from './whatif';

export interface Analysis {
  read: Record<string, unknown>;
  advisory?: FittedRow[];
  fit?: {
    parameters: FitParams;
    median_rel_err_fitted: number | null;
    median_rel_err_predicted: number | null;
    runs: number;
  };
  scenario?: Record<string, unknown>;
  whatif?: WhatIf[];
  /** why there is no scenario, when there is none */
  note?: string;
}

/** The "read" object: the fields first, then everything else the reader took. */
export function readJson(r: ReadReport): Record<string, unknown> {
  const lp = r.load_profile;
  return {
    release: r.release,
    block_size: r.block_size,
    buffer_cache_bytes: r.buffer_cache_bytes,
    shared_pool_bytes: r.shared_pool_bytes,
    load_profile: {
      logical_reads_per_s: lp.logical_reads_per_s,
      physical_reads_per_s: lp.physical_reads_per_s,
      parses_per_s: lp.parses_per_s,
      hard_parses_per_s: lp.hard_parses_per_s,
      executes_per_s: lp.executes_per_s,
      block_changes_per_s: lp.block_changes_per_s,
    },
    sections: r.sections,
    kind: r.kind,
    format: r.format,
    platform: r.platform,
    rac: r.rac,
    cdb: r.cdb,
    elapsed_s: r.elapsed_s,
    init: r.init,
    efficiency: r.efficiency,
    pools: r.pools,
    segments_logical: r.segments_logical,
    segments_physical: r.segments_physical,
    io: r.io,
    library: r.library,
    latches: r.latches,
    shared_pool_advisory: r.shared_pool_advisory,
    origin: r.origin,
  };
}

/** Fit, scenario and what-ifs for a report read; `withWhatIf` false stops after the fit. */
export function analyse(r: ReadReport, withWhatIf = true): Analysis {
  const out: Analysis = { read: readJson(r) };
  const found = shapeOf(r, profiles());
  if (typeof found === 'string') {
    out.note = found;
    return out;
  }
  // the report's direct-path reads are modelled as serial direct full scans where the profile
  // reads them so by default (11.2.0.2: docs/model.md §1.7); elsewhere the what-ifs carry them
  const serial = traitsOf(found.profile as Profile).direct_reads === 'off_with_event10949';
  const shape = {
    ...found,
    scans: serial && (found.direct_share ?? 0) > 0.01 ? (found.direct_share ?? 0) : 0,
  };
  const title = `Your instance (${r.kind} ${r.release ?? 'release unknown'})`;
  let params: FitParams = { footprint: 5, zipf_s: 0.8 };
  if (r.advisory.length >= 3) {
    const f = fit(shape, r.advisory, adviceOverSecondHalf);
    params = f.parameters;
    out.advisory = f.rows;
    out.fit = {
      parameters: f.parameters,
      median_rel_err_fitted: f.median_rel_err_fitted,
      median_rel_err_predicted: f.median_rel_err_predicted,
      runs: f.runs,
    };
  } else {
    out.note = `no Buffer Pool Advisory to fit to: the scenario's footprint ${params.footprint} and zipf_s ${params.zipf_s} are defaults, not fitted`;
  }
  out.scenario = scenarioFor(shape, params, title);
  if (withWhatIf) out.whatif = whatIfs(r, shape, params, profiles());
  return out;
}
