// The lectures in the header's scenario picker (a group of its own, so the header stays one
// row on a projector): each bundled lecture, "Write a lecture from here…", "Close the
// lecture" and "Practise" (a generated exercise). `pickLecture` does what an option asks for; a scenario's value is never one.
import { useStore } from 'zustand';
import type { AppStore } from '../store/store';
import { BUNDLED_LECTURES } from './bundled';
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
  const entry = BUNDLED_LECTURES.find((e) => `${PREFIX}${e.id}` === value);
  if (entry) l.open(entry.lecture, entry.id, 0);
}

/** The picker's "Lectures" group. */
export function LectureOptions() {
  const open = useStore(lectureStore, (s) => s.lecture !== null);
  return (
    <optgroup label="Lectures (slide by slide)">
      {BUNDLED_LECTURES.map((e) => (
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
