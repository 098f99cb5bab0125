// A lecture in the address: `?lecture=<bundled name>&slide=N` (N from 1), or, for a lecture
// authored in the page, `?lecture=v1.<lz-string of its JSON>&slide=N`. In the query, not the
// fragment: the fragment is the share link of the scenario and position (../share/link), and
// Copy link and Embed code keep the query as it is, so they carry the lecture too.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { LectureError, validateLecture, type Lecture } from './format';

const INLINE = 'v1.';

/** What the address names: a bundled lecture, or one carried whole; the slide (from 0). */
export type LectureRef =
  | { kind: 'bundled'; id: string; slide: number }
  | { kind: 'inline'; lecture: Lecture; slide: number };

/** The query parameter's value for a lecture. */
export function lectureParam(ref: { id: string } | { lecture: Lecture }): string {
  return 'id' in ref ? ref.id : INLINE + compressToEncodedURIComponent(JSON.stringify(ref.lecture));
}

/** `href` with the lecture and slide (from 0) in its query (`lecture: null` takes them out). */
export function withLecture(href: string, lecture: string | null, slide: number): string {
  const url = new URL(href);
  if (lecture === null) {
    url.searchParams.delete('lecture');
    url.searchParams.delete('slide');
  } else {
    url.searchParams.set('lecture', lecture);
    url.searchParams.set('slide', String(slide + 1));
  }
  return url.toString();
}

/**
 * The lecture an address's query names, null when none; a LectureError when it cannot be
 * read (a damaged inline lecture names its bad field). `bundled` checks scenario names.
 */
export function readLectureParam(search: string, bundled?: Iterable<string>): LectureRef | null {
  const q = new URLSearchParams(search);
  const value = q.get('lecture');
  if (value === null || value === '') return null;
  const n = Number(q.get('slide') ?? '1');
  const slide = Number.isInteger(n) && n >= 1 ? n - 1 : 0;
  if (!value.startsWith(INLINE)) return { kind: 'bundled', id: value, slide };
  const json = decompressFromEncodedURIComponent(value.slice(INLINE.length));
  if (!json) throw new LectureError('', 'the lecture in the link is damaged or truncated');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new LectureError('', 'the lecture in the link is not valid JSON');
  }
  return { kind: 'inline', lecture: validateLecture(parsed, bundled), slide };
}
