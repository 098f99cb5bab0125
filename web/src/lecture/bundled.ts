// Every bundled lecture (lectures/*.json), keyed by file name without ".json", as the page
// has them: in its chunks, so they are precached with the rest of the site (vite.config.ts).
import type { Lecture } from './format';

export interface LectureEntry {
  id: string;
  lecture: Lecture;
}

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
