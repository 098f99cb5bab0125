// The SQLSlammer sessions and the latches now: what each session is doing (on a CPU, queued,
// sleeping, in a latch free wait, waiting on a load lock), the latches it holds, and per latch
// its holder, the sessions spinning for it and those sleeping on it.
import { useApp } from '../store/context';
import { selectRun, selectConfig, selectTick } from './selectors';
import { clip } from './narrate';
import type * as library from '../sim/library';
import { Panel } from '../shared/Panel';
import { ScrollX } from '../shared/ScrollX';

/** Above this many library cache children, only the busy ones are listed. */
const ALL_CHILDREN = 8;

function stateLabel(s: library.SessionView): string {
  switch (s.state) {
    case 'on_cpu':
      return `on CPU ${s.cpu ?? '?'}`;
    case 'queued':
      return 'queued';
    case 'sleeping':
      return 'sleeping';
    case 'latch_sleep':
      return 'latch sleep';
    case 'load_wait':
      return 'load wait';
    case 'done':
      return 'done';
  }
}

const STATE_HELP: Record<library.SessionView['state'], string> = {
  on_cpu: 'running on one of cpu_count CPUs',
  queued:
    'ready, waiting for a CPU (10 ms time slices, FIFO); a session woken from a wait is still in it until it runs (cost.library.waits_end_on_cpu)',
  sleeping: 'SQLSlammer slam_sleeptime between slams',
  latch_sleep: 'a latch free wait: the _spin_count spin failed',
  load_wait: "waiting on another session's load lock",
  done: 'ran all its total_slams slams',
};

function shortLatch(cfg: library.Config | null, l: library.Latch): string {
  if (l.name === 'shared_pool') return 'shared pool';
  return cfg && cfg.latches > 1 ? `library cache #${l.child}` : 'library cache';
}

const who = (ids: number[]) => (ids.length === 0 ? '—' : ids.map((id) => `s${id}`).join(' '));

function LatchRows({ latches, cfg }: { latches: library.LatchView[]; cfg: library.Config | null }) {
  const busy = (l: library.LatchView) =>
    l.holder !== null || l.spinning.length > 0 || l.sleeping.length > 0;
  const children = latches.filter((l) => l.latch.name === 'library_cache');
  const shown =
    children.length > ALL_CHILDREN
      ? latches.filter((l) => l.latch.name === 'shared_pool' || busy(l))
      : latches;
  const hidden = latches.length - shown.length;
  return (
    <>
      <table className="grid compact sessions-latches" data-testid="latch-rows">
        <thead>
          <tr>
            <th>latch</th>
            <th>holder</th>
            <th title="on a CPU, spinning _spin_count iterations">spinning</th>
            <th title="in a latch free wait">sleeping</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((l) => (
            <tr
              key={l.latch.name === 'shared_pool' ? 'sp' : `lc${l.latch.child}`}
              className={busy(l) ? 'busy' : undefined}
              data-latch={shortLatch(cfg, l.latch)}
            >
              <td>{shortLatch(cfg, l.latch)}</td>
              <td className="mono">{l.holder === null ? '—' : `s${l.holder}`}</td>
              <td className="mono">{who(l.spinning)}</td>
              <td className="mono">{who(l.sleeping)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 && (
        <p className="note">
          {hidden} of {children.length} library cache children free (_kgl_latch_count{' '}
          {cfg?.latches ?? children.length}).
        </p>
      )}
    </>
  );
}

export function SessionsPanel() {
  useApp(selectTick); // re-read as the run moves
  const lib = useApp(selectRun);
  const cfg = useApp(selectConfig);
  const sessions = lib ? lib.sessions() : [];
  const latches = lib ? lib.latches() : [];
  const onCpu = sessions.filter((s) => s.state === 'on_cpu').length;
  return (
    <Panel
      title="Sessions and latches"
      sub={cfg ? `${sessions.length} sessions · cpu_count ${cfg.cpu_count} · ${onCpu} on CPU` : ''}
      testId="sessions-panel"
    >
      <div className="panel-body">
        {sessions.length === 0 ? (
          <p className="empty">No library cache run.</p>
        ) : (
          <ScrollX label="Sessions (scrolls sideways)">
            <table className="grid compact sessions-table">
              <thead>
                <tr>
                  <th>session</th>
                  <th>state</th>
                  <th>holding</th>
                  <th title="statements sent">stmts</th>
                  <th className="text-col">statement</th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((s) => (
                  <tr key={s.id} data-testid="session-row" data-state={s.state}>
                    <td className="mono" title={s.id === 0 ? 'the timed foreground' : 'a job'}>
                      s{s.id}
                      {s.id === 0 ? ' (fg)' : ''}
                    </td>
                    <td title={STATE_HELP[s.state]}>
                      <span className={`sess-state st-${s.state}`}>{stateLabel(s)}</span>
                    </td>
                    <td>{s.holding.map((l) => shortLatch(cfg, l)).join(', ') || '—'}</td>
                    <td>{s.statements}</td>
                    <td className="mono text-col" title={s.text}>
                      {clip(s.text, 48) || '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
        )}
        {latches.length > 0 && <LatchRows latches={latches} cfg={cfg} />}
      </div>
    </Panel>
  );
}
