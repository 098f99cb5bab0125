// Compare mode's page: the editors (acting on A or B: the A/B switch), the comparison table,
// and A and B side by side — each with its narration's newest step, views, statistics, paper
// comparison and charts, read through <SlotScope> — over one playback bar that moves both;
// a line between them says how the step came out in each when the two differ. Below 1280 px the two
// configurations are tabs. The header's Compare menu (./CompareMenu) starts it. Loaded on
// demand (./lazyCompare).
import { useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { stepContrast } from '../compare/contrast';
import { presetOf, type Which } from '../store/compare';
import { LectureCaption, LectureSide } from '../lecture/LectureSlide';
import { SlotScope, useApp, useSlot } from '../store/context';
import { selectCompare, selectCurrent, selectMode, selectNarration } from '../store/selectors';
import { isLibraryScenario } from '../sim/library';
import { policyLabel, policyOf } from '../sim/policy';
import type { AppState } from '../store/store';
import { ChainPanel, LruPanel } from '../buffer/CacheViews';
import { CompareTable } from '../compare/CompareTable';
import { ErrorBoundary } from '../shared/ErrorBoundary';
import { HistoryButtons } from '../shared/HistoryButtons';
import { InitPanel } from '../shared/init/InitPanel';
import { NarrationCaption } from './NarrationCaption';
import { IoStatistics } from '../io/IoStatistics';
import {
  Charts,
  LibraryCentre,
  LibraryLeft,
  LibraryRight,
  OsCachePanel,
  PgaPanel,
  ScriptTimeline,
} from './lazyParts';
import { PaperTable } from '../shared/PaperTable';
import { PlaybackBar } from './PlaybackBar';
import { PoolStatistics } from '../buffer/PoolStatistics';
import { SegmentsTable } from '../buffer/SegmentsTable';
import { WorkloadPanel } from '../buffer/WorkloadPanel';

const selectCompareActions = (s: AppState) => ({
  stop: s.stopCompare,
  target: s.setTarget,
});

/** Which configuration the editors act on, what is compared, and the way out. */
/** The replacement policy each configuration runs (buffer cache runs), by name. */
const selectPolicies = (s: AppState) =>
  s.compare && s.current && !isLibraryScenario(s.current)
    ? { a: policyLabel(policyOf(s.current)), b: policyLabel(policyOf(s.compare.current)) }
    : { a: '', b: '' };

function CompareBar() {
  const c = useApp(useShallow(selectCompare));
  const act = useApp(useShallow(selectCompareActions));
  const policy = useApp(useShallow(selectPolicies));
  const preset = presetOf(c.preset);
  const choice = (which: Which, title: string, edited: boolean) => (
    <button
      role="radio"
      aria-checked={c.target === which}
      className={`slot-choice slot-${which}`}
      data-testid={`target-${which}`}
      onClick={() => act.target(which)}
      title={`The editors below change configuration ${which.toUpperCase()}: ${title}`}
    >
      <span className="slot-badge">{which.toUpperCase()}</span>
      <span className="slot-name">
        {edited && <span className="badge edited">edited</span>}{' '}
        {policy[which] && <span className="slot-policy">{policy[which]}</span>} {title}
      </span>
    </button>
  );
  return (
    <section className="panel compare-bar" aria-label="Compare" data-testid="compare-bar">
      <div className="panel-body">
        <div className="compare-bar-head">
          <strong>Editors act on</strong>
          <button className="btn small" data-testid="compare-leave-bar" onClick={act.stop}>
            Leave compare
          </button>
        </div>
        <div role="radiogroup" aria-label="Editors act on" className="slot-switch">
          {choice('a', c.titleA, c.editedA)}
          {choice('b', c.titleB, c.editedB)}
        </div>
        {preset && (
          <p className="note" data-testid="compare-found">
            <b>{preset.title}.</b> {preset.found}
            {preset.why && <> {preset.why}</>}
          </p>
        )}
      </div>
    </section>
  );
}

/** The editors of the configuration they act on (remounted on a switch: fresh local text). */
function Editors() {
  const { target } = useApp(useShallow(selectCompare));
  return (
    <SlotScope which={target} key={target}>
      <EditorsOf />
    </SlotScope>
  );
}

function EditorsOf() {
  const mode = useApp(selectMode);
  const which = useSlot();
  return (
    <div className={`slot-editors slot-${which}`} data-slot-editors={which}>
      {which === 'b' && (
        <div className="slot-history">
          <span>B’s edits</span>
          <HistoryButtons slot="b" />
        </div>
      )}
      <InitPanel />
      {mode === 'library' ? (
        <LibraryLeft />
      ) : (
        <>
          <SegmentsTable />
          <WorkloadPanel />
        </>
      )}
    </div>
  );
}

/** One configuration's column: its views, statistics, paper comparison and charts. */
interface SlotProps {
  which: Which;
  title: string;
  edited: boolean;
  /** In an embed: the main view only (the LRU lists, or the library cache's centre). */
  embed?: boolean;
}

function SlotColumn(p: SlotProps) {
  return (
    <SlotScope which={p.which}>
      <SlotColumnOf {...p} />
    </SlotScope>
  );
}

/** The replacement policy the configuration runs, by name (buffer cache runs only). */
function SlotPolicy({ which }: { which: Which }) {
  const current = useApp(selectCurrent);
  const mode = useApp(selectMode);
  if (!current || mode === 'library') return null;
  const name = policyOf(current);
  return (
    <span className="slot-policy" data-testid={`slot-policy-${which}`} data-policy={name}>
      {policyLabel(name)}
    </span>
  );
}

function SlotColumnOf({ which, title, edited, embed }: SlotProps) {
  const mode = useApp(selectMode);
  return (
    <div
      className={`slot-col slot-${which}`}
      data-slot={which}
      data-testid={`slot-${which}`}
      role="region"
      aria-label={`Configuration ${which.toUpperCase()}`}
    >
      <h2 className="slot-title" data-testid={`slot-title-${which}`} title={title}>
        <span className="slot-badge">{which.toUpperCase()}</span> <SlotPolicy which={which} />{' '}
        {title}
        {edited && <span className="badge edited">edited</span>}
      </h2>
      <NarrationCaption visible />
      <ErrorBoundary what={`configuration ${which.toUpperCase()}`}>
        {embed ? (
          mode === 'library' ? (
            <LibraryCentre />
          ) : (
            <LruPanel />
          )
        ) : mode === 'library' ? (
          <>
            <LibraryCentre />
            <LibraryRight />
          </>
        ) : (
          <>
            <ScriptTimeline />
            <LruPanel />
            <PgaPanel />
            <OsCachePanel />
            <PoolStatistics />
            <IoStatistics />
            <PaperTable />
            <ChainPanel />
            <Charts />
          </>
        )}
      </ErrorBoundary>
    </div>
  );
}

function Tabs({ tab, setTab }: { tab: Which; setTab: (w: Which) => void }) {
  const tabButton = (which: Which, label: ReactNode) => (
    <button
      role="tab"
      aria-selected={tab === which}
      data-testid={`slot-tab-${which}`}
      onClick={() => setTab(which)}
    >
      {label}
    </button>
  );
  return (
    <div className="tabs slot-tabs" role="tablist" aria-label="Configuration shown">
      {tabButton('a', 'A')}
      {tabButton('b', 'B')}
    </div>
  );
}

const selectNarrationB = (s: AppState) => s.narrationB;

/** How the step just taken came out in A and in B, when the two differ. */
function StepContrast() {
  const told = stepContrast(useApp(selectNarration), useApp(selectNarrationB));
  return (
    <p className="step-contrast" data-testid="step-contrast" aria-live="polite">
      {told && (
        <>
          <b>#{told.position.toLocaleString('en')} differs.</b>{' '}
          <span className="slot-badge slot-a">A</span> {told.a}{' '}
          <span className="slot-badge slot-b">B</span> {told.b}
        </>
      )}
    </p>
  );
}

/** The line on how the step differed, the A/B tabs (below 1280 px) and the two columns. */
function Pair({ embed }: { embed?: boolean }) {
  const c = useApp(useShallow(selectCompare));
  const [tab, setTab] = useState<Which>('a');
  return (
    <>
      <StepContrast />
      <Tabs tab={tab} setTab={setTab} />
      <div className="compare-pair" data-tab={tab}>
        <SlotColumn which="a" title={c.titleA} edited={c.editedA} embed={embed} />
        <SlotColumn which="b" title={c.titleB} edited={c.editedB} embed={embed} />
      </div>
    </>
  );
}

/**
 * Embed mode with a comparison in the link (`?embed`, shared/display.ts): A's and B's main views
 * side by side (tabs in a frame under 800 px), each with its newest narration, the line that
 * says how the step differed, and one playback bar for both — no header, no editors.
 */
export function CompareEmbed() {
  return (
    <main className="embed-main compare-embed" aria-label="A and B side by side">
      <div
        className="centre-views"
        id="cache-views"
        role="region"
        aria-label="Configurations A and B"
        tabIndex={0}
      >
        <Pair embed />
      </div>
      <LectureCaption />
      <PlaybackBar />
    </main>
  );
}

/** The compare page (it replaces the three columns while a comparison is on). */
export function CompareWorkspace() {
  return (
    <main className="columns compare-columns" data-testid="compare-workspace">
      <section className="column instance" aria-label="The configurations' editors">
        {/* a lecture's slide that opened this comparison (action.compare) stays in view */}
        <LectureSide />
        <CompareBar />
        <ErrorBoundary what="the editors">
          <Editors />
        </ErrorBoundary>
      </section>
      <section className="column compare-main" aria-label="A and B side by side">
        <div className="compare-scroll" id="cache-views" tabIndex={0}>
          <CompareTable />
          <Pair />
        </div>
        <LectureCaption />
        <PlaybackBar />
      </section>
    </main>
  );
}
