// The I/O views' frames (../shared/frames): the OS page cache layer and the session's PGA.
import type { OsFrame, PgaFrame } from '../buffer/views/types';
import { OS_PAGE_LIMIT } from './views/osLayout';
import { bufferSim } from '../store/selectors';
import type { AppState } from '../store/store';
import { stepOf } from '../shared/frames';

/** The OS page cache layer: null when the run's reads bypass it. */
export function osFrame(s: AppState, fresh: boolean): OsFrame | null {
  const sim = bufferSim(s);
  const os = sim?.report.io?.os_cache;
  if (!sim || !os) return null;
  return {
    pages: sim.run.osCache(OS_PAGE_LIMIT),
    capacity: os.size_blocks,
    resident: os.resident_blocks,
    objects: sim.layout.objects,
    selected: sim.selected,
    ...stepOf(s, sim, fresh),
  };
}

/** The session PGA box (direct path reads). */
export function pgaFrame(s: AppState, fresh: boolean): PgaFrame | null {
  const sim = bufferSim(s);
  const io = sim?.report.io;
  if (!sim || !io) return null;
  return {
    steps: sim.report.steps,
    directTotal: io.physical_reads_direct,
    done: sim.done,
    objects: sim.layout.objects,
    ...stepOf(s, sim, fresh),
  };
}
