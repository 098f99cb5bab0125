// The slide in the page: beside the view in the normal workspace (the numbers column's top),
// a caption under the view in presenter mode and in `?embed`. Its text is Markdown with the
// engine's figures written in (each one's exact value in `data-value`), a progress line,
// Back / Next, and a link to the slide. The machinery is ./LectureHost.
import { lazy, Suspense, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useApp } from '../store/context';
import { useDisplay } from '../shared/display';
import type { Filled } from './fill';
import { lectureStore } from './lectureState';
import { LECTURE_LINK_MAX, lectureAddress } from './lectureLink';
import { parseMarkdown, type Inline } from './markdown';

const LectureEditor = lazy(() => import('./LectureEditor'));

/** A length in KB as the too-long note writes it (8,000 characters: 8 KB). */
const kb = (n: number) => `${Math.ceil(n / 1000).toLocaleString('en')} KB`;

function Figure({ f }: { f: Filled }) {
  return (
    <span
      className="figure"
      data-testid="figure"
      data-figure={f.placeholder.source}
      data-value={JSON.stringify(f.value)}
    >
      {f.text}
    </span>
  );
}

function Nodes({ nodes }: { nodes: Inline[] }): ReactNode {
  return nodes.map((n, k) => {
    switch (n.t) {
      case 'text':
        return n.text;
      case 'figure':
        return <Figure key={k} f={n.figure} />;
      case 'code':
        return <code key={k}>{n.text}</code>;
      case 'strong':
        return (
          <strong key={k}>
            <Nodes nodes={n.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={k}>
            <Nodes nodes={n.children} />
          </em>
        );
      case 'link':
        return (
          <a key={k} href={n.href} rel="noreferrer">
            <Nodes nodes={n.children} />
          </a>
        );
    }
  });
}

/** The shown slide's text, rendered. */
/** A slide's exercise question (issue 27 #3), its code loaded with the first one shown. */
const ExerciseSlide = lazy(() =>
  import('../exercise/ExerciseSlide').then((m) => ({ default: m.ExerciseSlide })),
);

/** The slide's question, when it holds one: predict, then check against the engine. */
function SlideQuestion() {
  const lecture = useStore(lectureStore, (s) => s.lecture);
  const slide = useStore(lectureStore, (s) => s.slide);
  const q = lecture?.slides[slide]?.question;
  if (q?.kind !== 'exercise') return null;
  return (
    <div className="lecture-question" data-testid="lecture-question">
      <Suspense fallback={<p className="note">Loading the question…</p>}>
        <ExerciseSlide seed={Number(q.seed)} index={Number(q.index)} />
      </Suspense>
    </div>
  );
}

function SlideText() {
  const shown = useStore(lectureStore, (s) => s.shown);
  if (!shown) return <p className="lecture-running">Running the slide…</p>;
  return parseMarkdown(shown.pieces).map((b, k) =>
    b.t === 'p' ? (
      <p key={k}>
        <Nodes nodes={b.children} />
      </p>
    ) : b.t === 'ul' ? (
      <ul key={k}>
        {b.items.map((item, j) => (
          <li key={j}>
            <Nodes nodes={item} />
          </li>
        ))}
      </ul>
    ) : (
      <ol key={k}>
        {b.items.map((item, j) => (
          <li key={j}>
            <Nodes nodes={item} />
          </li>
        ))}
      </ol>
    ),
  );
}

/** Back, the progress, Next. */
function Controls({ compact }: { compact: boolean }) {
  const slide = useStore(lectureStore, (s) => s.slide);
  const count = useStore(lectureStore, (s) => s.lecture?.slides.length ?? 0);
  const { back, next } = lectureStore.getState();
  return (
    <div className="lecture-controls">
      <button
        className="btn small"
        data-testid="lecture-back"
        disabled={slide === 0}
        onClick={back}
        title="Previous slide (Page Up, ←)"
      >
        Back
      </button>
      <span className="lecture-count" data-testid="lecture-progress" aria-live="polite">
        {compact ? `${slide + 1}/${count}` : `Slide ${slide + 1} of ${count}`}
      </span>
      <progress
        className="lecture-bar"
        value={slide + 1}
        max={count}
        aria-label="Lecture progress"
      />
      <button
        className="btn small primary"
        data-testid="lecture-next"
        disabled={slide >= count - 1}
        onClick={next}
        title="Next slide (Page Down, →)"
      >
        Next
      </button>
    </div>
  );
}

/** What the attributes of the slide's element say: which slide, where, and whether there. */
function useSlideData() {
  const slide = useStore(lectureStore, (s) => s.slide);
  const shown = useStore(lectureStore, (s) => s.shown);
  const position = useApp((s) => s.sim?.position ?? -1);
  const busy = useApp((s) => s.busy !== null);
  const reached = !!shown && shown.index === slide && shown.position === position && !busy;
  return {
    'data-slide': slide + 1,
    'data-position': shown?.position ?? '',
    'data-reached': reached ? 'true' : 'false',
  };
}

function LectureError() {
  const error = useStore(lectureStore, (s) => s.error);
  if (!error) return null;
  return (
    <p className="lecture-error" role="alert" data-testid="lecture-error">
      {error}
    </p>
  );
}

/** The slide beside the view (normal workspace). */
export function LectureSide() {
  const display = useDisplay();
  const lecture = useStore(lectureStore, (s) => s.lecture);
  const id = useStore(lectureStore, (s) => s.id);
  const slide = useStore(lectureStore, (s) => s.slide);
  const editing = useStore(lectureStore, (s) => s.editing);
  const error = useStore(lectureStore, (s) => s.error);
  const data = useSlideData();
  if (display !== 'normal' || (!lecture && !error)) return null;
  const link = lecture
    ? lectureAddress(location.href, id ? { id } : { lecture }, slide, null)
    : null;
  return (
    <section
      className="panel lecture"
      aria-label={`Lecture: ${lecture?.title ?? ''}`}
      data-testid="lecture"
      {...data}
    >
      <div className="lecture-head">
        <h2>{lecture?.title ?? 'Lecture'}</h2>
        {lecture && (
          <button
            className="btn small"
            data-testid="lecture-edit"
            aria-pressed={editing}
            onClick={() => lectureStore.getState().setEditing(!editing)}
            title="Write the lecture: add, edit, reorder and delete slides; save and open it as JSON"
          >
            Edit
          </button>
        )}
        <button
          className="btn small"
          data-testid="lecture-close"
          onClick={lectureStore.getState().close}
          aria-label="Close the lecture"
        >
          Close
        </button>
      </div>
      <LectureError />
      {lecture && (
        <>
          <Controls compact={false} />
          <div className="lecture-text" data-testid="lecture-text">
            <SlideText />
          </div>
          <SlideQuestion />
          <p className="lecture-source">
            Source: {lecture.source}
            {link && link.tooLong === null && (
              <>
                {' · '}
                <a href={link.url} data-testid="lecture-slide-link">
                  Link to slide {slide + 1}
                </a>
              </>
            )}
          </p>
          {link && link.tooLong !== null && (
            <p className="lecture-source" role="note" data-testid="lecture-too-long">
              This lecture is too long to travel in a link ({kb(link.tooLong)}; web servers take
              about {kb(LECTURE_LINK_MAX)}): this tab keeps it, and a reload opens it. To share it,
              save it as a file (Edit → Save JSON) and open that file with Open JSON.
            </p>
          )}
          {editing && (
            <Suspense fallback={null}>
              <LectureEditor />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}

/** The slide as a caption under the view (presenter mode and `?embed`). */
export function LectureCaption() {
  const display = useDisplay();
  const lecture = useStore(lectureStore, (s) => s.lecture);
  const data = useSlideData();
  if (display === 'normal' || !lecture) return null;
  return (
    <section
      className="lecture-caption"
      aria-label={`Lecture: ${lecture.title}`}
      data-testid="lecture"
      {...data}
    >
      <LectureError />
      <div className="lecture-text" data-testid="lecture-text">
        <SlideText />
      </div>
      <Controls compact />
    </section>
  );
}
