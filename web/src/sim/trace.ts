// A streamed trace through a buffer scenario's cache (the engine's `buffer::whatif::trace_feed`):
// libCacheSim's txt / csv / oracleGeneral formats or the project's CSV, fed chunk by chunk so
// that neither the file nor its accesses are ever held whole. One pass: the headless runner
// (`npm run -s sim -- <scenario> --trace <file>`) and the page's trace Worker drive it, both
// through the one feed loop of ../trace/feed.ts.
import { csvTraceColumns, guessTraceFormat, TraceReplay } from '../wasm/pkg/cachesim.js';
import type { Report } from './generated/buffer/Report';
import { Handle } from './handle';
import type { TraceFormat } from './generated/buffer/TraceFormat';
import type { TraceOptions } from './generated/buffer/TraceOptions';
import type { ObjectMap } from './generated/buffer/ObjectMap';

export type { ObjectMap, TraceFormat, TraceOptions };

export const TRACE_FORMATS: readonly TraceFormat[] = ['oracleGeneral', 'txt', 'csv', 'project'];

/** libCacheSim's csv params for a `time,obj_id` file with a header (its own example). Without
 * params a csv is read automatically (a header's names, else column 1), here and headless. */
export const CSV_PARAMS_EXAMPLE = 'time-col=1, obj-id-col=2, delimiter=,, has-header=true';

/** The format a file most likely has, from its name and its first bytes. */
export function guessFormat(fileName: string, head: Uint8Array): TraceFormat {
  return guessTraceFormat(fileName, head) as TraceFormat;
}

/**
 * The columns a csv replay with `params` ('': none given, read automatically) reads from a
 * file starting with `head` ("object id: column 5 'lbn' · time: column 2 'time'"), chosen by
 * the header's names as the replay chooses them; throws the replay's own refusal (issue 26 #2).
 */
export function csvColumns(params: string, head: Uint8Array): string {
  return csvTraceColumns(params, head);
}

export class TraceRun extends Handle<TraceReplay, Report> {
  /** Throws an Error naming the scenario field or the trace option. */
  static create(scenarioJson: string, opts: TraceOptions): TraceRun {
    return new TraceRun(new TraceReplay(scenarioJson, JSON.stringify(opts)));
  }

  /** Serve every whole record of the chunk; throws naming the line or byte offset of a bad
   *  record, with everything before it served (see `report`). */
  feed(bytes: Uint8Array): void {
    this.sim.feed(bytes);
  }

  /** The end of the file: throws on a truncated binary record. */
  finish(): void {
    this.sim.finish();
  }

  get accesses(): number {
    return this.sim.accesses();
  }

  get bytesConsumed(): number {
    return this.sim.bytesConsumed();
  }

  /** Simulated time, seconds. */
  get nowSeconds(): number {
    return this.sim.nowSeconds();
  }
}
