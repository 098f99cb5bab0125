// The lecture being shown (or written) and its slide: a small store beside the app's, as the
// guided tour has (../shared/tourState). A factory, so each test gets its own; the page uses
// `lectureStore`. Authoring edits (add, edit, reorder, delete, retitle) are undone and redone
// here, one step per edit, like every other edit of the page.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SlideRun } from './fill';
import type { Lecture, Slide } from './format';

export interface LectureState {
  lecture: Lecture | null;
  /** The bundled lecture shown, unedited (null: authored, edited, or from a file or link). */
  id: string | null;
  /** The slide shown, from 0. */
  slide: number;
  /** Why the lecture, or its slide, could not be shown (a field path and what is wrong). */
  error: string | null;
  /** The authoring tools are showing. */
  editing: boolean;
  /** Undo and redo: each edit's lecture before (after) it, and the slide shown then. */
  past: Step[];
  future: Step[];
  /** The slide shown, run: its scenario, position and filled text (null while it runs). */
  shown: SlideRun | null;

  setShown(shown: SlideRun | null): void;
  open(lecture: Lecture, id: string | null, slide?: number): void;
  go(slide: number): void;
  next(): void;
  back(): void;
  close(): void;
  fail(error: string | null): void;
  setEditing(on: boolean): void;
  /** A new lecture whose first slide is `first`. */
  create(first: Slide): void;
  /** Insert `slide` after the one shown, and show it. */
  addSlide(slide: Slide): void;
  setText(index: number, text: string): void;
  setTitle(title: string): void;
  /** Move slide `index` by `delta` places (the shown slide follows it). */
  move(index: number, delta: number): void;
  remove(index: number): void;
  undo(): void;
  redo(): void;
}

export type LectureStore = StoreApi<LectureState>;

interface Step {
  lecture: Lecture;
  slide: number;
}

const clamp = (k: number, l: Lecture | null) =>
  l ? Math.max(0, Math.min(k, l.slides.length - 1)) : 0;

/** The slides with each slide's scenario written out where it changes (a moved or removed
 * slide must not lose the scenario it inherited). */
function explicit(l: Lecture): Slide[] {
  let last = l.slides[0]?.scenario;
  return l.slides.map((s) => {
    const scenario = s.scenario ?? last;
    last = scenario;
    return { ...s, scenario };
  });
}

/** Drop a scenario that only repeats the previous slide's. */
function compact(slides: Slide[]): Slide[] {
  let last: string | undefined;
  return slides.map((s) => {
    const key = JSON.stringify(s.scenario);
    const out = { ...s };
    if (key === last) delete out.scenario;
    last = key;
    return out;
  });
}

/** No lecture open: the state a store starts in and `close` returns to. */
const CLOSED: Pick<
  LectureState,
  'lecture' | 'id' | 'slide' | 'error' | 'editing' | 'past' | 'future'
> = { lecture: null, id: null, slide: 0, error: null, editing: false, past: [], future: [] };

export function createLectureStore(): LectureStore {
  return createStore<LectureState>()((set, get) => {
    /** One undoable edit: `change` gets the slides with their scenarios written out. */
    const edit = (
      change: (slides: Slide[], l: Lecture) => { slides: Slide[]; title?: string; slide?: number },
    ) => {
      const { lecture, past, slide } = get();
      if (!lecture) return;
      const r = change(explicit(lecture), lecture);
      if (r.slides.length === 0) return;
      const next: Lecture = {
        ...lecture,
        title: r.title ?? lecture.title,
        slides: compact(r.slides),
      };
      set({
        lecture: next,
        id: null,
        past: [...past, { lecture, slide }],
        future: [],
        slide: clamp(r.slide ?? slide, next),
      });
    };
    return {
      ...CLOSED,
      shown: null,
      setShown: (shown) => set({ shown }),
      open: (lecture, id, slide = 0) =>
        set({ lecture, id, slide: clamp(slide, lecture), error: null, past: [], future: [] }),
      go: (slide) => set({ slide: clamp(slide, get().lecture), error: null }),
      next: () => get().go(get().slide + 1),
      back: () => get().go(get().slide - 1),
      close: () => set({ ...CLOSED }),
      fail: (error) => set({ error }),
      setEditing: (editing) => set({ editing }),
      create: (first) =>
        set({
          lecture: {
            version: 1,
            title: 'A new lecture',
            source: 'Name the source here',
            slides: [first],
          },
          id: null,
          slide: 0,
          error: null,
          editing: true,
          past: [],
          future: [],
        }),
      addSlide: (s) =>
        edit((slides) => {
          const at = get().slide + 1;
          return { slides: [...slides.slice(0, at), s, ...slides.slice(at)], slide: at };
        }),
      setText: (index, text) =>
        edit((slides) => ({ slides: slides.map((s, k) => (k === index ? { ...s, text } : s)) })),
      setTitle: (title) => edit((slides) => ({ slides, title })),
      move: (index, delta) =>
        edit((slides) => {
          const to = index + delta;
          if (to < 0 || to >= slides.length) return { slides };
          const out = [...slides];
          const [s] = out.splice(index, 1);
          out.splice(to, 0, s);
          return { slides: out, slide: to };
        }),
      remove: (index) =>
        edit((slides) => ({ slides: slides.filter((_, k) => k !== index), slide: index })),
      // back to the lecture before the edit, showing the slide shown then (a deleted slide
      // comes back into view); redo returns to the slide shown when it was undone
      undo: () => {
        const { past, lecture, future, slide } = get();
        const prev = past.at(-1);
        if (!prev || !lecture) return;
        set({
          lecture: prev.lecture,
          past: past.slice(0, -1),
          future: [{ lecture, slide }, ...future],
          id: null,
          slide: clamp(prev.slide, prev.lecture),
        });
      },
      redo: () => {
        const { past, lecture, future, slide } = get();
        const [nxt, ...rest] = future;
        if (!nxt || !lecture) return;
        set({
          lecture: nxt.lecture,
          past: [...past, { lecture, slide }],
          future: rest,
          id: null,
          slide: clamp(nxt.slide, nxt.lecture),
        });
      },
    };
  });
}

export const lectureStore = createLectureStore();
