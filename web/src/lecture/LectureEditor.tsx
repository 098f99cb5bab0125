// Writing a lecture in the page: the title, the slide's Markdown (committed on leaving the
// field or Ctrl+Enter, one undo step each), "Add slide" (the app's scenario, position and
// selection now), reorder, delete, undo and redo, Save / Open as JSON. Loaded when it opens.
import { useRef, useState, type SyntheticEvent } from 'react';
import { useStore } from 'zustand';
import { download } from '../export/download';
import { useStoreApi } from '../store/context';
import { NEW_SLIDE_TEXT, slideFromApp } from './drive';
import { parseLecture } from './format';
import { lectureStore } from './lectureState';
import { parsePlaceholders } from './placeholders';

export default function LectureEditor() {
  const store = useStoreApi();
  const lecture = useStore(lectureStore, (s) => s.lecture);
  const slide = useStore(lectureStore, (s) => s.slide);
  const canUndo = useStore(lectureStore, (s) => s.past.length > 0);
  const canRedo = useStore(lectureStore, (s) => s.future.length > 0);
  const l = lectureStore.getState();
  const [problem, setProblem] = useState<string | null>(null);
  const [textProblem, setTextProblem] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  if (!lecture) return null;
  const count = lecture.slides.length;
  const text = lecture.slides[slide]?.text ?? '';
  // the fields are uncontrolled, keyed by what they show: an undo or another slide renews them
  const commitText = (e: SyntheticEvent<HTMLTextAreaElement>) => {
    const v = e.currentTarget.value;
    if (v !== text && v.trim() !== '') l.setText(slide, v);
  };
  const commitTitle = (e: SyntheticEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    if (v !== lecture.title && v.trim() !== '') l.setTitle(v);
  };

  const add = () => {
    const s = slideFromApp(store, NEW_SLIDE_TEXT);
    if (s) l.addSlide(s);
  };
  const save = () =>
    download(
      `${lecture.title.replace(/[^A-Za-z0-9._-]+/g, '-').toLowerCase() || 'lecture'}.json`,
      JSON.stringify(lecture, null, 2) + '\n',
      'application/json',
    );
  const open = async (f: File | undefined) => {
    if (!f) return;
    try {
      const names = store.getState().scenarios.map((s) => s.id);
      l.open(parseLecture(await f.text(), names), null);
      l.setEditing(true);
      setProblem(null);
    } catch (e) {
      setProblem(`${f.name}: ${(e as Error).message}`);
    }
  };

  return (
    <div className="lecture-editor" data-testid="lecture-editor">
      <label>
        Title
        <input
          data-testid="lecture-title"
          key={lecture.title}
          defaultValue={lecture.title}
          onBlur={commitTitle}
          onKeyDown={(e) => e.key === 'Enter' && commitTitle(e)}
        />
      </label>
      <label>
        Slide {slide + 1}’s text (Markdown; numbers as {'{{figure}}'}, e.g.{' '}
        <code>{'{{DEFAULT.hit_ratio|pct}}'}</code>)
        <textarea
          data-testid="lecture-slide-text"
          rows={5}
          key={`${slide}:${text}`}
          defaultValue={text}
          onChange={(e) => setTextProblem(parsePlaceholders(e.target.value).errors[0] ?? null)}
          onBlur={commitText}
          onKeyDown={(e) => e.key === 'Enter' && e.ctrlKey && commitText(e)}
          aria-invalid={textProblem !== null}
        />
      </label>
      {textProblem && <p className="lecture-error">{textProblem}</p>}
      <div className="lecture-tools" role="group" aria-label="Slides">
        <button className="btn small" data-testid="lecture-add" onClick={add}>
          Add slide
        </button>
        <button className="btn small" disabled={slide === 0} onClick={() => l.move(slide, -1)}>
          Move up
        </button>
        <button
          className="btn small"
          disabled={slide >= count - 1}
          onClick={() => l.move(slide, 1)}
        >
          Move down
        </button>
        <button
          className="btn small"
          data-testid="lecture-delete"
          disabled={count < 2}
          onClick={() => l.remove(slide)}
        >
          Delete slide
        </button>
        <button
          className="btn small"
          data-testid="lecture-undo"
          disabled={!canUndo}
          onClick={l.undo}
        >
          Undo
        </button>
        <button className="btn small" disabled={!canRedo} onClick={l.redo}>
          Redo
        </button>
        <button className="btn small" data-testid="lecture-save" onClick={save}>
          Save JSON
        </button>
        <button className="btn small" onClick={() => file.current?.click()}>
          Open JSON
        </button>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="lecture-open-file"
          onChange={(e) => {
            void open(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {problem && (
        <p className="lecture-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
