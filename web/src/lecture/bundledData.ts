// Every bundled lecture (lectures/*.json), keyed by file name without ".json": the chunk that
// ./bundled loads when a lecture is opened or the picker lists them (not in the main chunk,
// which the first screen waits for; precached with the rest of the site, vite.config.ts).
import type { Lecture } from './format';
import type { LectureEntry } from './bundled';

const files = import.meta.glob<Lecture>('../../../lectures/*.json', {
  eager: true,
  import: 'default',
});

export const BUNDLED_LECTURES: LectureEntry[] = Object.entries(files)
  .map(([path, lecture]) => ({
    id: path.slice(path.lastIndexOf('/') + 1).replace(/\.json$/, ''),
    lecture,
  }))
  .sort((a, b) => a.id.localeCompare(b.id));
