// The library cache workspace's three columns (seed 001): loaded on demand (../app/lazyParts), so a
// visit that opens the buffer cache does not download the library cache's views and panels.
import { BucketPanel, HeapPanel } from './LibraryViews';
import { LibraryCharts } from './LibraryCharts';
import { LibraryStatistics } from './LibraryStatistics';
import { LibraryWorkloadPanel } from './LibraryWorkloadPanel';
import { LiteralSqlPanel } from './LiteralSqlPanel';
import { PaperTable } from '../shared/PaperTable';
import { SessionsPanel } from './SessionsPanel';
import { StatementStream } from './StatementStream';

export function LibraryLeft() {
  return (
    <>
      <LibraryWorkloadPanel />
      <LiteralSqlPanel />
    </>
  );
}

export function LibraryCentre() {
  return (
    <>
      <StatementStream />
      <BucketPanel />
      <HeapPanel />
      <SessionsPanel />
    </>
  );
}

/** V$LIBRARYCACHE and its friends: beside the narration on a wide screen. */
export function LibraryStats() {
  return <LibraryStatistics />;
}

/** The paper's figures beside the simulator's, and the charts over the run. */
export function LibraryPaper() {
  return (
    <>
      <PaperTable />
      <LibraryCharts />
    </>
  );
}

/** The numbers in one column (compare mode's slots). */
export function LibraryRight() {
  return (
    <>
      <LibraryStats />
      <LibraryPaper />
    </>
  );
}
