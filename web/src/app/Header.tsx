// The header: title, the scenario picker and "Copy link".
import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { shareUrl } from '../links/link';
import { checkCopyLink } from '../links/size';
import type { Scenario } from '../sim/engine';
import { isLibraryScenario } from '../sim/library';
import { embedSnippet, enterPresenter, leavePresenter, useDisplay } from '../shared/display';
import { Icon } from '../shared/Icon';
import { DownloadButton, ScenarioFiles } from './ScenarioFiles';
import { RunExport } from './RunExport';
import { useHeightVar } from '../shared/useHeightVar';
import { HistoryButtons } from '../shared/HistoryButtons';
import { SampledBanner } from './SampledBanner';
import { CompareMenu } from './CompareMenu';
import { TourButton } from './TourSlot';
import {
  isLectureOption,
  LectureOptions,
  pickLecture,
  preloadLectures,
} from '../lecture/LectureMenu';
import { useApp, useStoreApi } from '../store/context';
import type { AppStore } from '../store/store';
import {
  selectEdited,
  selectLesson,
  selectHeader,
  selectLoadScenario,
  selectProfile,
  selectReady,
} from '../store/selectors';

const EDITED = '__edited__';

/** The picker's groups: one per simulation. */
const GROUPS: [string, (s: Scenario) => boolean][] = [
  ['Buffer cache', (s) => !isLibraryScenario(s)],
  ['Library cache and shared pool', isLibraryScenario],
];

function ScenarioPicker() {
  const store = useStoreApi();
  const { scenarios, scenarioId, edited, title, ready } = useApp(useShallow(selectHeader));
  const loadScenario = useApp(selectLoadScenario);
  const value = edited || !scenarioId ? EDITED : scenarioId;
  return (
    <>
      <label htmlFor="scenario-select">Scenario</label>
      <select
        id="scenario-select"
        data-testid="scenario-select"
        value={value}
        disabled={!ready}
        onFocus={preloadLectures}
        onPointerDown={preloadLectures}
        onChange={(e) =>
          isLectureOption(e.target.value)
            ? pickLecture(e.target.value, store)
            : e.target.value !== EDITED && loadScenario(e.target.value)
        }
      >
        {value === EDITED && (
          <option value={EDITED}>
            {scenarioId ? `${scenarioId} (edited)` : `${title || 'untitled'} (from a link or file)`}
          </option>
        )}
        {GROUPS.map(([label, test]) => (
          <optgroup key={label} label={label}>
            {scenarios
              .filter((s) => test(s.scenario))
              .map((s) => (
                <option key={s.id} value={s.id} title={s.title}>
                  {s.id} — {s.title}
                </option>
              ))}
          </optgroup>
        ))}
        <LectureOptions />
      </select>
    </>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The share link of what runs now, and whether it is short enough to copy (../links/size). */
function linkNow(store: AppStore) {
  const state = store.getState().sharedState();
  if (!state) return null;
  const url = shareUrl(location.href, state);
  return { url, size: checkCopyLink(url) };
}

/**
 * What the copy buttons share: whether there is a run, their status line, and the share link's
 * URL now — null when there is no run, or when it is too long to copy (the status is cleared
 * and `refused` is told why).
 */
function useLinkCopy() {
  const store = useStoreApi();
  const ready = useApp(selectReady);
  const [status, setStatus] = useState<string | null>(null);
  /** `text` in the status line for 2.5 s. */
  const flash = (text: string) => {
    setStatus(text);
    window.setTimeout(() => setStatus(null), 2500);
  };
  const urlNow = (refused: (reason: string) => void): string | null => {
    const link = linkNow(store);
    if (!link) return null;
    if (!link.size.ok) {
      setStatus(null);
      refused(link.size.reason);
      return null;
    }
    return link.url;
  };
  return { ready, status, setStatus, flash, urlNow };
}

/**
 * Puts the scenario and the position into the URL and copies it — unless the link is too long
 * to travel (../links/size): then it says why and offers the JSON file instead.
 */
function CopyLink() {
  const { ready, status, flash, urlNow } = useLinkCopy();
  const [refused, setRefused] = useState<string | null>(null);
  const onClick = async () => {
    const url = urlNow(setRefused);
    if (url === null) return;
    setRefused(null);
    history.replaceState(null, '', url);
    flash((await copyText(url)) ? 'Link copied' : 'Link in the address bar');
  };
  return (
    <>
      <button
        className="btn dark"
        data-testid="copy-link"
        disabled={!ready}
        onClick={() => void onClick()}
        title="Put the scenario and the playback position into the address (compressed) and copy it"
      >
        <Icon name="link" /> Copy link
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {status}
      </span>
      {refused && (
        <div className="alert header-popover" role="alert" data-testid="copy-refused">
          <div>
            <strong>No link copied.</strong>
            <div>{refused}</div>
            <div className="popover-actions">
              <DownloadButton className="btn small primary" />
            </div>
          </div>
          <button className="btn small" onClick={() => setRefused(null)} aria-label="Dismiss">
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}

/** Presenter mode: fullscreen, no init.ora column, larger type, the narration as a caption. */
function PresentButton() {
  const display = useDisplay();
  const on = display === 'present';
  return (
    <button
      className="btn dark"
      data-testid="present"
      aria-pressed={on}
      onClick={() => void (on ? leavePresenter() : enterPresenter())}
      title="Presenter mode: fullscreen, larger type, the narration as a caption (P)"
    >
      {on ? 'Leave presenter mode' : 'Present'}
    </button>
  );
}

/** Copies an <iframe> snippet of the share link with `?embed` (only the view and playback). */
function CopyEmbed() {
  const { ready, status, setStatus, flash, urlNow } = useLinkCopy();
  const [snippet, setSnippet] = useState<string | null>(null);
  const onClick = async () => {
    const url = urlNow(() => setSnippet(null));
    if (url === null) return;
    const code = embedSnippet(url);
    setSnippet(code);
    if (await copyText(code)) flash('Embed code copied');
    else setStatus(null);
  };
  return (
    <>
      <button
        className="btn dark"
        data-testid="copy-embed"
        disabled={!ready}
        onClick={() => void onClick()}
        title="Copy an <iframe> that shows this run's view, playback bar and narration (for a slide)"
      >
        Embed code
      </button>
      <span
        className="copy-status"
        role="status"
        data-testid="embed-status"
        data-snippet={snippet ?? ''}
      >
        {status}
      </span>
      {snippet && !status && (
        <div className="alert header-popover embed-popover" role="dialog" aria-label="Embed code">
          <label>
            <strong>Embed code</strong> (the clipboard refused it: copy it from here)
            <textarea readOnly value={snippet} rows={4} onFocus={(e) => e.target.select()} />
          </label>
          <button className="btn small" onClick={() => setSnippet(null)}>
            Close
          </button>
        </div>
      )}
    </>
  );
}

export function Header() {
  const profile = useApp(selectProfile);
  const edited = useApp(selectEdited);
  const lesson = useApp(selectLesson);
  const ref = useRef<HTMLElement>(null);
  // Its height, for the layouts that make the cache one screen high.
  useHeightVar(ref, '--header-h', 4);
  return (
    <header className="app-header" ref={ref}>
      <div className="brand">
        <h1>cachesim</h1>
        <span>Oracle buffer cache and library cache, step by step</span>
      </div>
      <div className="header-controls">
        <ScenarioPicker />
        {profile && <span className="badge">profile {profile}</span>}
        {edited && !lesson && <span className="badge edited">edited</span>}
        <SampledBanner />
        <HistoryButtons />
        <CopyLink />
        <CompareMenu />
        <PresentButton />
        {/* The desk's tools, which presenter mode leaves out so that its header is one row. */}
        <span className="header-desk">
          <CopyEmbed />
          <ScenarioFiles />
          <RunExport />
          <TourButton />
        </span>
      </div>
    </header>
  );
}
