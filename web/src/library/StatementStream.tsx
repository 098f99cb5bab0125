// The statement stream: the last statements the sessions sent, as sent and (CURSOR_SHARING =
// FORCE) as hashed, with their hash, bucket and what the lookup found. Built from the events
// of the steps taken one by one; after a jump or at full speed, each session's current text.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { clip, splitForced, type TextPart } from './narrate';
import { useApp } from '../store/context';
import { selectStream } from './selectors';
import type * as library from '../sim/library';
import { Panel } from '../shared/Panel';

/** Statements kept. */
const KEEP = 12;

type Outcome = 'soft parse' | 'hard parse' | 'reload' | 'load wait' | 'ORA-04031';

export interface Entry {
  seq: number;
  session: number;
  text: string;
  forced: string | null;
  hash: number;
  bucket: number;
  latch: number;
  /** Chain walks: handles compared of the chain's length. */
  walks: string[];
  outcomes: Outcome[];
  executed: boolean;
}

export interface Stream {
  lib: library.Run | null;
  events: library.Event[];
  position: number;
  seq: number;
  entries: Entry[];
}

function outcomeOf(e: library.Event): Outcome | null {
  switch (e.type) {
    case 'soft_parse':
      return 'soft parse';
    case 'hard_parse':
      return e.reload ? 'reload' : 'hard parse';
    case 'load_wait':
      return 'load wait';
    case 'ora04031':
      return 'ORA-04031';
    default:
      return null;
  }
}

/** The stream after the store moved: new statements appended, later events attached. */
export function advanceStream(
  prev: Stream,
  lib: library.Run | null,
  events: library.Event[],
  position: number,
): Stream {
  const restart = lib !== prev.lib || position < prev.position;
  // a jump (no events) breaks the stream: show the sessions' texts instead
  const jumped = events.length === 0 && position !== prev.position;
  let entries = restart || jumped ? [] : [...prev.entries];
  let seq = prev.seq;
  const attach = (session: number, change: (e: Entry) => Entry) => {
    for (let k = entries.length - 1; k >= 0; k--) {
      if (entries[k].session === session) {
        entries[k] = change(entries[k]);
        return;
      }
    }
  };
  const same = events === prev.events && !restart;
  for (const e of same ? [] : events) {
    if (e.type === 'statement') {
      const { session, text, forced, hash, bucket, latch } = e;
      seq += 1;
      entries.push({
        seq,
        session,
        text,
        forced,
        hash,
        bucket,
        latch,
        walks: [],
        outcomes: [],
        executed: false,
      });
      continue;
    }
    const outcome = outcomeOf(e);
    if (outcome) attach(e.session, (x) => ({ ...x, outcomes: [...x.outcomes, outcome] }));
    else if (e.type === 'chain_walk')
      attach(e.session, (x) => ({ ...x, walks: [...x.walks, `${e.walked}/${e.chain_len}`] }));
    else if (e.type === 'execute') attach(e.session, (x) => ({ ...x, executed: true }));
  }
  if (entries.length > KEEP) entries = entries.slice(entries.length - KEEP);
  return { lib, events, position, seq, entries };
}

const OUTCOME_CLASS: Record<Outcome, string> = {
  'soft parse': 'soft',
  'hard parse': 'hard',
  reload: 'reload',
  'load wait': 'wait',
  'ORA-04031': 'fail',
};

function Parts({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((p, k) =>
        p.lit ? (
          <mark key={k} className="lit">
            {p.text}
          </mark>
        ) : (
          <span key={k}>{clip(p.text, 90)}</span>
        ),
      )}
    </>
  );
}

function Texts({ text, forced }: { text: string; forced: string | null }) {
  if (forced === null) return <div className="stmt-text">{clip(text, 160)}</div>;
  const parts = splitForced(text, forced);
  return (
    <>
      <div className="stmt-text" data-field="sent">
        {parts ? <Parts parts={parts.before} /> : clip(text, 160)}
      </div>
      <div className="stmt-text forced" data-field="forced" title="CURSOR_SHARING = FORCE">
        <span className="arrow" aria-label="rewritten to">
          →{' '}
        </span>
        {parts ? <Parts parts={parts.after} /> : clip(forced, 160)}
      </div>
    </>
  );
}

function StatementRow({ e }: { e: Entry }) {
  const last = e.outcomes[e.outcomes.length - 1];
  return (
    <li
      className="stmt"
      data-testid="stream-entry"
      data-session={e.session}
      data-outcome={last ?? ''}
    >
      <span className="stmt-session" title={e.session === 0 ? 'the timed foreground' : 'a job'}>
        s{e.session}
      </span>
      <div className="stmt-body">
        <Texts text={e.text} forced={e.forced} />
        <div className="stmt-meta">
          <span title="FNV-1a of the text as hashed">hash {e.hash}</span>
          <span title="hash mod buckets (_kgl_bucket_count)">bucket {e.bucket}</span>
          {e.walks.length > 0 && (
            <span title="handles compared / handles on the chain">walked {e.walks.join(', ')}</span>
          )}
          {e.outcomes.length === 0 && <span className="outcome pending">parsing…</span>}
          {e.outcomes.map((o, k) => (
            <span key={k} className={`outcome o-${OUTCOME_CLASS[o]}`}>
              {o}
            </span>
          ))}
          {e.executed && <span className="outcome o-exec">executed</span>}
        </div>
      </div>
    </li>
  );
}

function SessionTexts({ sessions }: { sessions: library.SessionView[] }) {
  const sending = sessions.filter((s) => s.text !== '');
  if (sending.length === 0) return <p className="empty">No statement sent yet: step the run.</p>;
  return (
    <ul className="stmt-list">
      {sending.map((s) => (
        <li className="stmt" key={s.id} data-testid="stream-session" data-session={s.id}>
          <span className="stmt-session">s{s.id}</span>
          <div className="stmt-body">
            <div className="stmt-text">{clip(s.text, 160)}</div>
            <div className="stmt-meta">
              <span>
                {s.state === 'on_cpu' ? `on CPU ${s.cpu ?? '?'}` : s.state.replace('_', ' ')}
              </span>
              <span>{s.statements} statements</span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function StatementStream() {
  const { lib, events, position, forced } = useApp(useShallow(selectStream));
  const [stream, setStream] = useState<Stream>(() =>
    advanceStream({ lib, events: [], position, seq: 0, entries: [] }, lib, events, position),
  );
  let current = stream;
  if (stream.lib !== lib || stream.events !== events || stream.position !== position) {
    // derived from the store's moves: updated while rendering, as React advises
    current = advanceStream(stream, lib, events, position);
    setStream(current);
  }
  const entries = [...current.entries].reverse();
  const live = entries.length > 0;
  return (
    <Panel
      title="Statement stream"
      sub={
        live
          ? `last ${entries.length}, newest first${forced ? ' · CURSOR_SHARING = FORCE' : ''}`
          : 'each session’s statement now (step one by one for the stream)'
      }
      testId="statement-stream"
    >
      {/* focusable and labelled: it scrolls once the sessions' texts outgrow it (axe-core's
          scrollable-region-focusable, found at statement 300 of a lecture slide) */}
      <div
        className="panel-body stmt-stream"
        data-live={live}
        tabIndex={0}
        role="region"
        aria-label="The statements, newest first"
      >
        {live ? (
          <ul className="stmt-list">
            {entries.map((e) => (
              <StatementRow key={e.seq} e={e} />
            ))}
          </ul>
        ) : lib ? (
          <SessionTexts sessions={lib.sessions()} />
        ) : (
          <p className="empty">No library cache run.</p>
        )}
      </div>
    </Panel>
  );
}
