import { describe, expect, it } from 'vitest';
import type { Lecture, Slide } from './format';
import { createLectureStore } from './lectureState';
import { lectureParam, readLectureParam, withLecture } from './lectureLink';

const lecture = (): Lecture => ({
  version: 1,
  title: 'T',
  source: 'seed 000',
  slides: [
    { text: 'a', scenario: 'x', position: 'start' },
    { text: 'b', position: { execution: 2 } },
    { text: 'c', scenario: 'y', position: 'end' },
  ],
});

describe('lecture store', () => {
  it('turns slides within the lecture', () => {
    const s = createLectureStore();
    s.getState().open(lecture(), 'id', 7);
    expect(s.getState().slide).toBe(2);
    s.getState().next();
    expect(s.getState().slide).toBe(2);
    s.getState().back();
    s.getState().back();
    s.getState().back();
    expect(s.getState().slide).toBe(0);
  });

  it('adds a slide after the one shown and shows it; undo and redo restore each edit', () => {
    const s = createLectureStore();
    s.getState().open(lecture(), 'id', 0);
    const added: Slide = { text: 'new', scenario: 'x', position: { access: 9 } };
    s.getState().addSlide(added);
    expect(s.getState().slide).toBe(1);
    expect(s.getState().id).toBeNull();
    // the same scenario as the slide before is not repeated
    expect(s.getState().lecture!.slides[1]).toEqual({ text: 'new', position: { access: 9 } });
    s.getState().setText(1, 'edited');
    expect(s.getState().lecture!.slides[1].text).toBe('edited');
    s.getState().undo();
    expect(s.getState().lecture!.slides[1].text).toBe('new');
    s.getState().undo();
    expect(s.getState().lecture).toEqual(lecture());
    s.getState().redo();
    s.getState().redo();
    expect(s.getState().lecture!.slides[1].text).toBe('edited');
  });

  it('keeps each slide’s scenario when slides move or go', () => {
    const s = createLectureStore();
    s.getState().open(lecture(), null, 1);
    s.getState().move(1, 1); // b after c: b must keep scenario x
    const slides = s.getState().lecture!.slides;
    expect(slides.map((x) => x.text)).toEqual(['a', 'c', 'b']);
    expect(slides[1].scenario).toBe('y');
    expect(slides[2].scenario).toBe('x');
    expect(s.getState().slide).toBe(2);
    s.getState().remove(0);
    expect(s.getState().lecture!.slides[0]).toMatchObject({ text: 'c', scenario: 'y' });
    s.getState().remove(0);
    s.getState().remove(0); // the last slide stays
    expect(s.getState().lecture!.slides.map((x) => x.text)).toEqual(['b']);
    expect(s.getState().lecture!.slides[0].scenario).toBe('x');
  });
});

describe('lecture links', () => {
  it('name a bundled lecture and a slide (from 1 in the address)', () => {
    const href = withLecture('https://h/app/?present#v1=abc', 'seed000-buffer-pools', 3);
    expect(href).toBe('https://h/app/?present=&lecture=seed000-buffer-pools&slide=4#v1=abc');
    expect(readLectureParam(new URL(href).search)).toEqual({
      kind: 'bundled',
      id: 'seed000-buffer-pools',
      slide: 3,
    });
    expect(withLecture(href, null, 0)).toBe('https://h/app/?present=#v1=abc');
    expect(readLectureParam('?embed')).toBeNull();
  });

  it('carry an authored lecture whole, and it comes back identical', () => {
    const l = lecture();
    const href = withLecture('https://h/', lectureParam({ lecture: l }), 1);
    const back = readLectureParam(new URL(href).search, ['x', 'y']);
    expect(back).toEqual({ kind: 'inline', lecture: l, slide: 1 });
  });

  it('say what is wrong with a damaged one', () => {
    expect(() => readLectureParam('?lecture=v1.@@@')).toThrow(/damaged/);
    const bad = { ...lecture(), version: 2 };
    const href = withLecture('https://h/', lectureParam({ lecture: bad as unknown as Lecture }), 0);
    expect(() => readLectureParam(new URL(href).search)).toThrow(/^version:/);
  });
});
