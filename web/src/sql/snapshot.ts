// A snapshot of whichever run the page or the CLI holds.
import type { Playable } from '../sim/engine';
import { SimRun } from '../sim/engine';
import * as library from '../sim/library';
import { captureBuffer, captureLibrary, type Capture } from './capture';

export function capture(run: Playable): Capture {
  if (run instanceof SimRun) return captureBuffer(run);
  if (run instanceof library.Run) return captureLibrary(run);
  throw new Error('sql: this run cannot be snapshot');
}
