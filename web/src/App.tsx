// The page: a header, then three columns — the instance (left), the cache (centre), the
// numbers and the story (right). A library cache scenario (seed 001) gets its own centre:
// the statement stream, the hash buckets, the shared pool heap, the sessions and latches.
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ChainPanel, LruPanel } from './components/CacheViews';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Header } from './components/Header';
import { InitPanel } from './components/InitPanel';
import { IoStatistics } from './components/IoStatistics';
import { LinkAlert } from './components/LinkAlert';
import { LinkConfirm } from './components/LinkConfirm';
import { FileAlert } from './components/ScenarioFiles';
import { TourSlot } from './components/TourSlot';
import { NarrationLog } from './components/NarrationLog';
import { PaperTable } from './components/PaperTable';
import { PlaybackBar } from './components/PlaybackBar';
import { PoolStatistics } from './components/PoolStatistics';
import { SegmentsTable } from './components/SegmentsTable';
import { WorkloadPanel } from './components/WorkloadPanel';
import { XbhPanel } from './components/XbhPanel';
import {
  Charts,
  LibraryCentre,
  LibraryLeft,
  LibraryRight,
  OsCachePanel,
  PgaPanel,
  ScriptTimeline,
} from './components/lazyParts';
import { useApp, useStoreApi } from './store/context';
import { selectEngine, selectMode, selectReady } from './store/selectors';
import { useAnimationLoop } from './store/useAnimationLoop';
import { useKeyboard } from './store/useKeyboard';

/** The three columns: the instance, the cache (with the playback bar), the numbers. */
function Columns(p: { cache: string; left: ReactNode; centre: ReactNode; right: ReactNode }) {
  return (
    <main className="columns">
      <div className="column" aria-label="The instance">
        <ErrorBoundary what="the init.ora panel">{p.left}</ErrorBoundary>
      </div>
      <div className="column centre" aria-label={`The ${p.cache}`}>
        <div className="centre-views">
          <ErrorBoundary what={`the ${p.cache} views`}>{p.centre}</ErrorBoundary>
        </div>
        <PlaybackBar />
      </div>
      <div className="column" aria-label="Numbers and narration">
        <ErrorBoundary what="the statistics">{p.right}</ErrorBoundary>
      </div>
    </main>
  );
}

function Workspace() {
  return (
    <Columns
      cache="cache"
      left={
        <>
          <InitPanel />
          <SegmentsTable />
          <WorkloadPanel />
        </>
      }
      centre={
        <>
          <ScriptTimeline />
          <LruPanel />
          <PgaPanel />
          <OsCachePanel />
          <ChainPanel />
        </>
      }
      right={
        <>
          <NarrationLog />
          <PoolStatistics />
          <IoStatistics />
          <XbhPanel />
          <PaperTable />
          <Charts />
        </>
      }
    />
  );
}

function LibraryWorkspace() {
  return (
    <Columns
      cache="library cache"
      left={
        <>
          <InitPanel />
          <LibraryLeft />
        </>
      }
      centre={<LibraryCentre />}
      right={
        <>
          <NarrationLog />
          <LibraryRight />
        </>
      }
    />
  );
}

export default function App() {
  const store = useStoreApi();
  useAnimationLoop(store);
  useKeyboard(store);
  const { engine, error } = useApp(useShallow(selectEngine));
  const ready = useApp(selectReady);
  const mode = useApp(selectMode);
  return (
    <div className="app">
      <Header />
      <LinkAlert />
      <FileAlert />
      <TourSlot />
      <LinkConfirm />
      {engine === 'failed' ? (
        <div className="fatal" role="alert" data-testid="engine-error">
          <h2>The simulator could not start.</h2>
          <pre>{error}</pre>
          <p>It needs a browser with WebAssembly. Reloading the page may help.</p>
        </div>
      ) : ready ? (
        mode === 'library' ? (
          <LibraryWorkspace />
        ) : (
          <Workspace />
        )
      ) : (
        <div className="splash">Loading the simulator…</div>
      )}
    </div>
  );
}
