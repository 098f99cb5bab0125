// The lecture's machinery in the page (no markup of its own): opens the lecture the address
// names once the engine runs, runs each slide shown and moves the app's run to it, keeps the
// address's `?lecture=…&slide=N` current (so Copy link and Embed code carry it; a lecture too
// long for a link is kept in the tab, ./lectureLink), points at
// the slide's highlight, and turns the slide with PageDown/PageUp and →/← (what presentation
// clickers send) while a lecture is open; Ctrl+Z / Ctrl+Shift+Z with focus in the lecture
// undo and redo its authoring edits (elsewhere they stay the scenario's).
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useApp, useStoreApi } from '../store/context';
import { selectReady } from '../store/selectors';
import { historyKey, typingIn } from '../shared/HistoryButtons';
import { tourStore } from '../shared/tourState';
import { bundledLecture } from './bundled';
import { forgetLoaded, highlight, moveApp, runSlide } from './drive';
import { playOf, targetOf } from './format';
import { lectureStore } from './lectureState';
import { lectureAddress, readLectureParam, tabStorage } from './lectureLink';

/** The focused element keeps its keys: typing, a select, a button's own Enter and Space. */
const ownsKeys = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.tagName === 'TEXTAREA' ||
    t.tagName === 'SELECT' ||
    t.isContentEditable ||
    (t.tagName === 'INPUT' && (t as HTMLInputElement).type !== 'range'));

/**
 * Open the lecture the address names (a bad one says why in the lecture's place). A bundled
 * one waits for the lectures' chunk (./bundled) on a cold load.
 */
async function openFromAddress(names: string[]): Promise<void> {
  const l = lectureStore.getState();
  try {
    const ref = readLectureParam(location.search, names, tabStorage());
    if (!ref) return;
    if (ref.kind === 'inline') l.open(ref.lecture, null, ref.slide);
    else {
      const entry = await bundledLecture(ref.id);
      l.open(entry.lecture, entry.id, ref.slide);
    }
  } catch (e) {
    l.open(
      { version: 1, title: 'Lecture', source: '—', slides: [{ text: '—', scenario: names[0] }] },
      null,
    );
    l.fail(`The lecture in the link could not be opened: ${(e as Error).message}`);
  }
}

export function LectureHost() {
  const store = useStoreApi();
  const ready = useApp(selectReady);
  const lecture = useStore(lectureStore, (s) => s.lecture);
  const slide = useStore(lectureStore, (s) => s.slide);
  const id = useStore(lectureStore, (s) => s.id);
  const failed = useStore(lectureStore, (s) => s.error !== null);

  // once the engine runs: the lecture of the address
  useEffect(() => {
    if (ready) void openFromAddress(store.getState().scenarios.map((s) => s.id));
  }, [ready, store]);

  // run the slide shown and move the app's run there
  useEffect(() => {
    const l = lectureStore.getState();
    if (!ready || !lecture || failed) return;
    tourStore.setState({ open: false });
    let cancelled = false;
    let clear = () => {};
    const run = () => {
      if (cancelled) return;
      try {
        const shown = runSlide(store, lecture, slide);
        l.setShown(shown);
        const s = lecture.slides[slide];
        const from = playOf(s) && slide > 0 ? runSlide(store, lecture, slide - 1).position : null;
        moveApp(store, shown, targetOf(s) === 'start' ? null : from, s).then(
          () => {
            if (!cancelled) clear = highlight(store, s.highlight);
          },
          (e: unknown) => !cancelled && l.fail((e as Error).message),
        );
      } catch (e) {
        l.setShown(null);
        l.fail((e as Error).message);
      }
    };
    // A slide whose figures need whole runs (run(id), a run's end) takes the engine a moment:
    // "Running the slide…" is painted first, then the engine runs.
    const k = lectureStore.getState().shown;
    if (k && k.index === slide) run();
    else {
      l.setShown(null);
      const frame = requestAnimationFrame(() => setTimeout(run, 0));
      const stop = () => cancelAnimationFrame(frame);
      const prev = clear;
      clear = () => {
        stop();
        prev();
      };
    }
    return () => {
      cancelled = true;
      clear();
    };
  }, [ready, lecture, slide, failed, store]);

  // the address names the lecture and the slide
  useEffect(() => {
    if (!ready) return;
    const ref = lecture ? (id ? { id } : { lecture }) : null;
    // an authored lecture too long for a link is kept in this tab (./lectureLink)
    const next = lectureAddress(location.href, ref, slide, tabStorage()).url;
    if (next !== location.href) history.replaceState(history.state, '', next);
    if (!lecture) forgetLoaded();
  }, [ready, lecture, id, slide]);

  // the clicker's keys
  useEffect(() => {
    if (!lecture) return;
    const onKey = (e: KeyboardEvent) => {
      // Ctrl+Z / Ctrl+Shift+Z with focus in the lecture: its own edits, not the scenario's
      const undo = historyKey(e);
      const inLecture = e.target instanceof Element && e.target.closest('[data-testid="lecture"]');
      if (undo && inLecture && !typingIn(e.target)) {
        e.preventDefault();
        e.stopPropagation();
        lectureStore.getState()[undo]();
        return;
      }
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (ownsKeys(e.target)) return;
      const l = lectureStore.getState();
      const go = { PageDown: l.next, ArrowRight: l.next, PageUp: l.back, ArrowLeft: l.back }[e.key];
      if (!go) return;
      e.preventDefault();
      go();
    };
    // capture: before the playback's own arrows (store/useKeyboard), which then stand aside
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [lecture]);

  return null;
}
