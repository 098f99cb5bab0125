// Issue 44, item 5: an authored lecture travels in the query, which reaches the web server; a
// 500-slide lecture made an 82 KB address and the server answered HTTP 431. A lecture whose
// link would pass LECTURE_LINK_MAX is kept in the tab (`?lecture=this-tab`) and reopens from
// there; elsewhere it is refused with what to do instead.
import { describe, expect, it } from 'vitest';
import { LECTURE_LIMITS, LectureError, type Lecture } from './format';
import {
  LECTURE_KEY,
  LECTURE_LINK_MAX,
  lectureAddress,
  readLectureParam,
  THIS_TAB,
  type LectureStorage,
} from './lectureLink';

const HREF = 'https://example.org/cachesim/?present#v1=abc';

/** A lecture of `n` slides whose texts do not repeat (lz-string cannot shrink them away). */
function lecture(n: number): Lecture {
  let x = 12345;
  const word = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x.toString(36);
  };
  return {
    version: 1,
    title: 'Long',
    source: 'seed 000',
    slides: Array.from({ length: n }, (_, k) => ({
      text: `Slide ${k}: ${Array.from({ length: 12 }, word).join(' ')}`,
      ...(k === 0 ? { scenario: 'seed000-8.0-test1' } : {}),
    })),
  };
}

function memory(): LectureStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

const target = (url: string) => new URL(url).pathname.length + new URL(url).search.length;

describe('a lecture in the address', () => {
  it('a short authored lecture rides in the query, and reopens from it', () => {
    const l = lecture(5);
    const store = memory();
    store.setItem(LECTURE_KEY, 'stale');
    const a = lectureAddress(HREF, { lecture: l }, 2, store);
    expect(a.tooLong).toBeNull();
    expect(new URL(a.url).searchParams.get('lecture')).toMatch(/^v1\./);
    expect(new URL(a.url).hash).toBe('#v1=abc');
    expect(store.items.has(LECTURE_KEY)).toBe(false);
    const ref = readLectureParam(new URL(a.url).search, undefined, null);
    expect(ref).toEqual({ kind: 'inline', lecture: l, slide: 2 });
  });

  it('a lecture too long for a link stays in the tab; a reload opens it, another tab is told why', () => {
    const l = lecture(LECTURE_LIMITS.slides);
    const store = memory();
    const a = lectureAddress(HREF, { lecture: l }, 7, store);
    // before: the address carried the whole lecture (the server refused it: HTTP 431)
    expect(a.tooLong).toBeGreaterThan(LECTURE_LINK_MAX);
    expect(target(a.url)).toBeLessThanOrEqual(LECTURE_LINK_MAX);
    expect(new URL(a.url).searchParams.get('lecture')).toBe(THIS_TAB);
    expect(new URL(a.url).searchParams.get('slide')).toBe('8');
    const search = new URL(a.url).search;
    expect(readLectureParam(search, undefined, store)).toEqual({
      kind: 'inline',
      lecture: l,
      slide: 7,
    });
    expect(() => readLectureParam(search, undefined, memory())).toThrow(LectureError);
    expect(() => readLectureParam(search, undefined, null)).toThrow(
      /too long to travel in a link.*Save JSON/,
    );
    // a bundled lecture, or none, forgets the kept one
    const b = lectureAddress(a.url, { id: 'seed000-buffer-pools' }, 0, store);
    expect(new URL(b.url).searchParams.get('lecture')).toBe('seed000-buffer-pools');
    expect(store.items.has(LECTURE_KEY)).toBe(false);
    const none = new URL(lectureAddress(b.url, null, 0, store).url);
    expect([none.searchParams.has('lecture'), none.searchParams.has('present')]).toEqual([
      false,
      true,
    ]);
  });

  it('every authored lecture the limits allow makes an address a server takes', () => {
    for (const n of [1, 20, 60, 120, LECTURE_LIMITS.slides]) {
      const a = lectureAddress(HREF, { lecture: lecture(n) }, 0, memory());
      expect(target(a.url), `${n} slides`).toBeLessThanOrEqual(LECTURE_LINK_MAX);
    }
  });
});
