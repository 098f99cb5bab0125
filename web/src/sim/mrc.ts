// Miss-ratio curves (the engine's `buffer::whatif::mrc`, issue 25): a workload's reference stream,
// the one-pass curves of the stack algorithms (LRU, OPT) over it, and one policy at one cache
// size simulated. The page's curve Workers and the tests drive these.
import {
  MrcStream,
  mrcPolicies,
  mrcSimulateScenario,
  mrcSimulateTrace,
} from '../wasm/pkg/cachesim.js';
import type { Curve } from './generated/buffer/Curve';
import type { SizePoint } from './generated/buffer/SizePoint';
import type { StreamSummary } from './generated/buffer/StreamSummary';
import type { Scenario } from './generated/Scenario';
import type { TraceOptions } from './generated/buffer/TraceOptions';

export type { Curve, SizePoint, StreamSummary };

/** A workload: the scenario's own, or a trace (its whole bytes) through the scenario's cache. */
export type Workload =
  | { kind: 'scenario'; scenario: Scenario }
  | { kind: 'trace'; scenario: Scenario; options: TraceOptions; bytes: Uint8Array; name: string };

/** Every registered policy's name (registry order), and those with a one-pass curve. */
export function curvePolicies(): { names: string[]; stack: string[] } {
  return JSON.parse(mrcPolicies()) as { names: string[]; stack: string[] };
}

/** A workload's reference stream, held in the engine until `free`. */
export class RefStream {
  private constructor(private stream: MrcStream) {}

  /** Throws an Error naming the scenario field or the trace record at fault. */
  static of(w: Workload): RefStream {
    const json = JSON.stringify(w.scenario);
    return new RefStream(
      w.kind === 'scenario'
        ? MrcStream.ofScenario(json)
        : MrcStream.ofTrace(json, JSON.stringify(w.options), w.bytes),
    );
  }

  summary(): StreamSummary {
    return JSON.parse(this.stream.summaryJson()) as StreamSummary;
  }

  /** The curve of `lru` or `opt` at `sizes`, in one pass. */
  curve(policy: string, sizes: number[]): Curve {
    return JSON.parse(this.stream.curveJson(policy, Uint32Array.from(sizes))) as Curve;
  }

  free(): void {
    this.stream.free();
  }
}

/** `policy` at `size` buffers (the DEFAULT pool, one working set), run to the end. */
export function simulateAt(w: Workload, policy: string, size: number): SizePoint {
  const json = JSON.stringify(w.scenario);
  const out =
    w.kind === 'scenario'
      ? mrcSimulateScenario(json, policy, size)
      : mrcSimulateTrace(json, JSON.stringify(w.options), w.bytes, policy, size);
  return JSON.parse(out) as SizePoint;
}
