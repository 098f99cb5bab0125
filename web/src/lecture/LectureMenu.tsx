// The lectures in the header's scenario picker (a group of its own, so the header stays one
// row on a projector): each bundled lecture, "Write a lecture from here…", "Close the
// lecture" and "Practise" (a generated exercise). `pickLecture` does what an option asks for; a scenario's value is never one.
// The lectures' JSON is a chunk of its own (./bundled): asked for once the engine is ready and
// the page idle, or as soon as the picker is focused or pointed at, so it is there when the
// list opens. Not before the engine: on a slow network the page is idle while the engine's wasm
// arrives, and the lectures' bytes would share the line with it (issue 30 #5: what is not on
// the first screen loads after it).
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../store/context';
import { selectEngineReady } from '../store/selectors';
import type { AppStore } from '../store/store';
import { bundledLecture, loadBundledLectures, useBundledLectures } from './bundled';
import { NEW_SLIDE_TEXT, slideFromApp } from './drive';
import { lectureStore } from './lectureState';

const PREFIX = 'lecture:';
const WRITE = `${PREFIX}+write`;
const CLOSE = `${PREFIX}+close`;
/** Practise: a new generated exercise (web/src/exercise/, `?exercise`). */
const PRACTISE = `${PREFIX}+practise`;

/** Whether a picker value is a lecture's option. */
export const isLectureOption = (value: string) => value.startsWith(PREFIX);

/** Do what a lecture option asks for. */
export function pickLecture(value: string, store: AppStore): void {
  const l = lectureStore.getState();
  if (value === CLOSE) return l.close();
  if (value === PRACTISE) {
    location.assign('?exercise');
    return;
  }
  if (value === WRITE) {
    const first = slideFromApp(store, NEW_SLIDE_TEXT);
    if (first) l.create(first);
    return;
  }
  bundledLecture(value.slice(PREFIX.length)).then(
    (entry) => l.open(entry.lecture, entry.id, 0),
    (e: unknown) => l.fail(`The lecture could not be opened: ${(e as Error).message}`),
  );
}

/** Fetch the lectures' chunk now (the picker is about to open); a failure is retried later. */
export function preloadLectures(): void {
  loadBundledLectures().catch(() => {});
}

/** Fetch the lectures' chunk once the engine is ready and the page idle (it is precached with
 *  the site). */
function useLecturesWhenIdle(): void {
  const ready = useApp(selectEngineReady);
  useEffect(() => {
    if (!ready) return;
    const idle = globalThis.requestIdleCallback as typeof requestIdleCallback | undefined;
    if (idle) {
      const id = idle(preloadLectures, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(preloadLectures, 1000);
    return () => clearTimeout(id);
  }, [ready]);
}

/** The picker's "Lectures" group. */
export function LectureOptions() {
  const open = useStore(lectureStore, (s) => s.lecture !== null);
  const lectures = useBundledLectures();
  useLecturesWhenIdle();
  return (
    <optgroup label="Lectures (slide by slide)">
      {lectures === null && (
        <option value={`${PREFIX}+loading`} disabled>
          Lectures: loading…
        </option>
      )}
      {lectures?.map((e) => (
        <option key={e.id} value={`${PREFIX}${e.id}`} title={e.lecture.source}>
          Lecture: {e.lecture.title} ({e.lecture.slides.length} slides)
        </option>
      ))}
      {open ? (
        <option value={CLOSE}>Close the lecture</option>
      ) : (
        <option value={WRITE}>Write a lecture from here…</option>
      )}
      <option
        value={PRACTISE}
        title="Predict the next steps of a generated exercise, then check them against the engine"
      >
        Practise: a new exercise (predict, then check)
      </option>
    </optgroup>
  );
}
