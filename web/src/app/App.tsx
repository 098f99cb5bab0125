// The page: a header, then three columns — the instance (left), the cache (centre), the
// numbers and the story (right). A library cache scenario (seed 001) gets its own centre:
// the statement stream, the hash buckets, the shared pool heap, the sessions and latches.
import type { ReactNode } from 'react';
import { NarrationCaption } from './NarrationCaption';
import { SkipLinks } from './SkipLinks';
import { useDisplay } from '../shared/display';
import { useShallow } from 'zustand/react/shallow';
import { ChainPanel, LruPanel } from '../buffer/CacheViews';
import { ErrorBoundary } from '../shared/ErrorBoundary';
import { Header } from './Header';
import { InitPanel } from '../shared/init/InitPanel';
import { IoStatistics } from '../io/IoStatistics';
import { HostStatistics } from '../io/HostStatistics';
import { RunAlert } from './Alert';
import { LinkAlert } from './LinkAlert';
import { LinkConfirm } from './LinkConfirm';
import { FileAlert } from './ScenarioFiles';
import { TourSlot } from './TourSlot';
import { TraceDrop } from '../trace/TraceDrop';
import { UpdateNotice } from '../offline/UpdateNotice';
import { NarrationLog } from './NarrationLog';
import { PaperTable } from '../shared/PaperTable';
import { PlaybackBar } from './PlaybackBar';
import { PoolStatistics } from '../buffer/PoolStatistics';
import { SegmentsTable } from '../buffer/SegmentsTable';
import { WorkloadPanel } from '../buffer/WorkloadPanel';
import { XbhPanel } from '../buffer/XbhPanel';
import { SqlPanel } from '../sql/SqlPanel';
import {
  Charts,
  LibraryCentre,
  LibraryLeft,
  LibraryPaper,
  LibraryStats,
  Sizing,
  Advice,
  Mrc,
  Trace,
  Instance,
  OsCachePanel,
  PgaPanel,
  ScriptTimeline,
} from './lazyParts';
import { CompareEmbed, CompareWorkspace } from './lazyCompare';
import { LectureCaption, LectureSide } from '../lecture/LectureSlide';
import { LectureHost } from '../lecture/LectureHost';
import { lectureStore } from '../lecture/lectureState';
import { useStore } from 'zustand';
import { useApp, useStoreApi } from '../store/context';
import { selectCompareOn, selectEngine, selectMode, selectReady } from '../store/selectors';
import { useAnimationLoop } from '../store/useAnimationLoop';
import { useKeyboard } from '../store/useKeyboard';
import { ExercisePage, exerciseMode } from '../exercise/lazyExercise';

/**
 * The three columns: the instance, the cache (with the playback bar), the numbers. In embed
 * mode only the cache, the narration's caption and the playback bar (shared/display.ts); in
 * presenter mode the caption shows under the cache and the instance's column goes. A lecture
 * in presenter mode is a stage (issue 41 #1): the cache's views alone take the screen's height
 * and the slide, the caption and the playback bar stand beside them, above the numbers — the
 * slide never covers the picture it talks about.
 */
function Columns(p: { cache: string; left: ReactNode; centre: ReactNode; right: ReactNode }) {
  const display = useDisplay();
  const lecturing = useStore(lectureStore, (s) => s.lecture !== null);
  const staged = display === 'present' && lecturing;
  const under = (
    <>
      <LectureCaption />
      <NarrationCaption visible={display === 'present'} />
      <PlaybackBar />
    </>
  );
  const centre = (
    <div
      className="centre-views"
      id="cache-views"
      role="region"
      aria-label={`The ${p.cache}'s views`}
      tabIndex={0}
    >
      <ErrorBoundary what={`the ${p.cache} views`}>{p.centre}</ErrorBoundary>
    </div>
  );
  if (display === 'embed')
    return (
      <main className="embed-main" aria-label={`The ${p.cache}`}>
        {centre}
        <LectureCaption />
        <NarrationCaption visible />
        <PlaybackBar />
      </main>
    );
  return (
    <main className={staged ? 'columns staged' : 'columns'}>
      <section className="column instance" aria-label="The instance">
        <ErrorBoundary what="the init.ora panel">{p.left}</ErrorBoundary>
      </section>
      <section className="column centre" aria-label={`The ${p.cache}`}>
        {centre}
        {!staged && under}
      </section>
      <section className="column numbers" aria-label="Numbers and narration">
        {staged && <div className="stage-side">{under}</div>}
        <LectureSide />
        <ErrorBoundary what="the statistics">{p.right}</ErrorBoundary>
      </section>
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
          <HostStatistics />
          <XbhPanel />
          <SqlPanel />
          <PaperTable />
          <Charts />
          <Sizing />
          <Advice />
          <Mrc />
          <Trace />
          <Instance />
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
          {/* Two columns of numbers on a wide screen (styles/responsive.css), one below. */}
          <div className="numbers-sub">
            <NarrationLog />
            <LibraryStats />
          </div>
          <div className="numbers-sub">
            <LibraryPaper />
            <SqlPanel />
            <Sizing />
          </div>
        </>
      }
    />
  );
}

function Simulator() {
  const store = useStoreApi();
  useAnimationLoop(store);
  useKeyboard(store);
  const { engine, error } = useApp(useShallow(selectEngine));
  const ready = useApp(selectReady);
  const mode = useApp(selectMode);
  const comparing = useApp(selectCompareOn);
  const display = useDisplay();
  return (
    <div
      className={`app${display === 'normal' ? '' : ` ${display}`}`}
      data-display={display}
      data-mode={mode}
      data-compare={comparing || undefined}
    >
      <SkipLinks />
      {display !== 'embed' && <Header />}
      <LinkAlert />
      <FileAlert />
      <RunAlert />
      <TourSlot />
      <LectureHost />
      <LinkConfirm />
      {display !== 'embed' && <UpdateNotice />}
      {display !== 'embed' && <TraceDrop />}
      {engine === 'failed' ? (
        <div className="fatal" role="alert" data-testid="engine-error">
          <h2>The simulator could not start.</h2>
          <pre>{error}</pre>
          <p>It needs a browser with WebAssembly. Reloading the page may help.</p>
        </div>
      ) : ready ? (
        comparing ? (
          display === 'embed' ? (
            <CompareEmbed />
          ) : (
            <CompareWorkspace />
          )
        ) : mode === 'library' ? (
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

/** Practise (`?exercise=<seed>`): a page of its own over the engine alone — no playback loop
 * and no playback keys of the simulator behind it. */
function Practise() {
  const { engine } = useApp(useShallow(selectEngine));
  return (
    <div className="app">
      {engine === 'ready' ? <ExercisePage /> : <div className="splash">Loading the simulator…</div>}
    </div>
  );
}

export default function App() {
  return exerciseMode() ? <Practise /> : <Simulator />;
}
