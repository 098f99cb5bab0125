// A lecture in the address: `?lecture=<bundled name>&slide=N` (N from 1), or, for a lecture
// authored in the page, `?lecture=v1.<lz-string of its JSON>&slide=N`. In the query, not the
// fragment: the fragment is the share link of the scenario and position (../links/link), and
// Copy link and Embed code keep the query as it is, so they carry the lecture too.
//
// The query travels to the web server with every load, and servers refuse a long request line
// (HTTP 414 or 431: a 500-slide lecture made an 82 KB address, issue 44). An authored lecture
// whose address would pass LECTURE_LINK_MAX is kept in this tab's sessionStorage instead, the
// address saying `?lecture=this-tab`: a reload opens it, and the page offers its JSON file to
// share (Edit → Save JSON) instead of a link that cannot be opened.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { LECTURE_LIMITS, LectureError, validateLecture, type Lecture } from './format';

const INLINE = 'v1.';

/**
 * The longest request target (path and query, characters; ASCII, so bytes too) a lecture link
 * may make. The strictest common web servers take a request line of 8 KB (nginx's
 * `large_client_header_buffers` 8k, Apache's `LimitRequestLine` 8190; Node's, which `vite
 * preview` uses, 16 KB of headers in all): 8,000 leaves the method and protocol room. A
 * bundled lecture's link is about 3 KB. (Copy link's own limit, ../links/size COPY_LINK_MAX,
 * is for the fragment, which never reaches the server.)
 */
export const LECTURE_LINK_MAX = 8000;

/** The query value of a lecture kept in this tab's sessionStorage (too long for a link). */
export const THIS_TAB = 'this-tab';
export const LECTURE_KEY = 'cachesim.lecture';

/** The sessionStorage calls a lecture link makes (the tab's own, or a test's). */
export type LectureStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** This tab's sessionStorage; null where the browser denies it. */
export function tabStorage(): LectureStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

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
 * read (a damaged inline lecture names its bad field). `bundled` checks scenario names;
 * `storage` is this tab's sessionStorage, for a lecture kept there (THIS_TAB).
 */
export function readLectureParam(
  search: string,
  bundled?: Iterable<string>,
  storage?: LectureStorage | null,
): LectureRef | null {
  const q = new URLSearchParams(search);
  const value = q.get('lecture');
  if (value === null || value === '') return null;
  const n = Number(q.get('slide') ?? '1');
  const slide = Number.isInteger(n) && n >= 1 ? n - 1 : 0;
  if (value === THIS_TAB) {
    let kept: string | null;
    try {
      kept = storage?.getItem(LECTURE_KEY) ?? null;
    } catch {
      kept = null; // a storage the browser denies keeps nothing
    }
    if (!kept)
      throw new LectureError(
        '',
        'this lecture was too long to travel in a link, so it was kept in the tab that wrote ' +
          'it only: ask for its JSON file (Edit → Save JSON there) and open that',
      );
    let parsed: unknown;
    try {
      parsed = JSON.parse(kept);
    } catch {
      throw new LectureError('', 'the lecture kept in this tab is not valid JSON');
    }
    return { kind: 'inline', lecture: validateLecture(parsed, bundled), slide };
  }
  if (!value.startsWith(INLINE)) return { kind: 'bundled', id: value, slide };
  const json = decompressFromEncodedURIComponent(value.slice(INLINE.length));
  if (!json) throw new LectureError('', 'the lecture in the link is damaged or truncated');
  if (json.length > LECTURE_LIMITS.document)
    throw new LectureError(
      '',
      `the lecture in the link is ${json.length.toLocaleString('en')} characters of JSON; a ` +
        `lecture may have at most ${LECTURE_LIMITS.document.toLocaleString('en')}`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new LectureError('', 'the lecture in the link is not valid JSON');
  }
  return { kind: 'inline', lecture: validateLecture(parsed, bundled), slide };
}

/** Where a lecture and slide go in an address, and whether the lecture was too long for it. */
export interface LectureAddress {
  url: string;
  /** The length the lecture's link would have had, when it passed LECTURE_LINK_MAX. */
  tooLong: number | null;
}

/** The request target's length: what a server reads of the link (path and query). */
const targetLength = (url: string) => {
  const u = new URL(url);
  return u.pathname.length + u.search.length;
};

/**
 * `href` with the lecture (a bundled one by `id`, an authored one whole) and the slide (from
 * 0) in its query; an authored lecture too long for a link (LECTURE_LINK_MAX) goes to
 * `storage` and the address says THIS_TAB. `null` takes the lecture out of the address.
 */
export function lectureAddress(
  href: string,
  ref: { id: string } | { lecture: Lecture } | null,
  slide: number,
  storage?: LectureStorage | null,
): LectureAddress {
  const forget = () => {
    try {
      storage?.removeItem(LECTURE_KEY);
    } catch {
      // a disabled sessionStorage keeps nothing to forget
    }
  };
  if (ref === null || 'id' in ref) {
    forget();
    return { url: withLecture(href, ref && ref.id, slide), tooLong: null };
  }
  const url = withLecture(href, lectureParam(ref), slide);
  const length = targetLength(url);
  if (length <= LECTURE_LINK_MAX) {
    forget();
    return { url, tooLong: null };
  }
  try {
    storage?.setItem(LECTURE_KEY, JSON.stringify(ref.lecture));
  } catch {
    // a full or disabled sessionStorage: the address still says why it holds no lecture
  }
  return { url: withLecture(href, THIS_TAB, slide), tooLong: length };
}
