// The bundled lectures, loaded on demand: their JSON is a chunk of its own (./bundledData),
// fetched when the address names a lecture, when the picker is about to list them (focus or
// pointer on it) or once the page is idle — never in the main chunk the first screen waits for.
import { useSyncExternalStore } from 'react';
import type { Lecture } from './format';

export interface LectureEntry {
  id: string;
  lecture: Lecture;
}

let loaded: LectureEntry[] | null = null;
let loading: Promise<LectureEntry[]> | null = null;
const listeners = new Set<() => void>();

/** The bundled lectures (one load, shared; a failed load is tried again on the next call). */
export function loadBundledLectures(): Promise<LectureEntry[]> {
  loading ??= import('./bundledData').then(
    (m) => {
      loaded = m.BUNDLED_LECTURES;
      for (const l of listeners) l();
      return loaded;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** The bundled lecture `id`; a clear error when there is none. */
export async function bundledLecture(id: string): Promise<LectureEntry> {
  const entry = (await loadBundledLectures()).find((e) => e.id === id);
  if (!entry) throw new Error(`no bundled lecture is called "${id}"`);
  return entry;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The bundled lectures once loaded (null before), re-rendering when they arrive. */
export const useBundledLectures = (): LectureEntry[] | null =>
  useSyncExternalStore(subscribe, () => loaded);
