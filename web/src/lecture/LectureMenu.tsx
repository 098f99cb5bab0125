// The header's lectures: pick a bundled one, or write one starting from what the page shows.
import { useStore } from 'zustand';
import { useApp, useStoreApi } from '../store/context';
import { selectReady } from '../store/selectors';
import { BUNDLED_LECTURES } from './bundled';
import { NEW_SLIDE_TEXT, slideFromApp } from './drive';
import { lectureStore } from './lectureState';

const NONE = '';

export function LectureMenu() {
  const store = useStoreApi();
  const ready = useApp(selectReady);
  const id = useStore(lectureStore, (s) => s.id);
  const open = useStore(lectureStore, (s) => s.lecture !== null);
  const editing = useStore(lectureStore, (s) => s.editing);
  const l = lectureStore.getState();
  const pick = (value: string) => {
    const entry = BUNDLED_LECTURES.find((e) => e.id === value);
    if (entry) l.open(entry.lecture, entry.id, 0);
    else l.close();
  };
  const write = () => {
    if (open) return l.setEditing(!editing);
    const first = slideFromApp(store, NEW_SLIDE_TEXT);
    if (first) l.create(first);
  };
  return (
    <>
      <label htmlFor="lecture-select">Lecture</label>
      <select
        id="lecture-select"
        data-testid="lecture-select"
        disabled={!ready}
        value={id ?? NONE}
        onChange={(e) => pick(e.target.value)}
      >
        <option value={NONE}>{open && !id ? '(your lecture)' : '— none —'}</option>
        {BUNDLED_LECTURES.map((e) => (
          <option key={e.id} value={e.id}>
            {e.lecture.title}
          </option>
        ))}
      </select>
      <button
        className="btn dark"
        data-testid="lecture-write"
        disabled={!ready}
        aria-pressed={editing}
        onClick={write}
        title="Write a lecture: each slide takes the scenario, position and selection shown"
      >
        {open ? 'Edit lecture' : 'Write lecture'}
      </button>
    </>
  );
}
