// Playback: reset, step back, play/pause, step one access (library cache: one phase of a
// statement), step one execution (one statement), run to end;
// the speed (1 step/s to full speed) and the position slider.
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/context';
import { selectActions, selectMode, selectPlayback } from '../store/selectors';
import { SPEEDS } from '../store/store';
import { shortcuts } from '../store/useKeyboard';
import { BusyBar } from '../shared/BusyBar';
import { Icon, type IconName } from '../shared/Icon';

const speedLabel = (v: number) =>
  Number.isFinite(v) ? `${v.toLocaleString('en')} step${v === 1 ? '' : 's'}/s` : 'full speed';

/** One icon button of the transport row. */
function TransportButton(b: {
  testId: string;
  disabled: boolean;
  onClick: () => void;
  title: string;
  label: string;
  icon: IconName;
}) {
  return (
    <button
      className="btn"
      data-testid={b.testId}
      disabled={b.disabled}
      onClick={b.onClick}
      title={b.title}
      aria-label={b.label}
    >
      <Icon name={b.icon} />
    </button>
  );
}

export function PlaybackBar() {
  const p = useApp(useShallow(selectPlayback));
  const a = useApp(useShallow(selectActions));
  const mode = useApp(selectMode);
  const atStart = p.position === 0;
  // the buffer cache steps accesses and executions; the library cache phases and statements
  const [one, unit] = mode === 'library' ? ['phase', 'statement'] : ['access', 'execution'];
  return (
    <section className="panel playback" aria-label="Playback">
      <BusyBar />
      <div className="playback-row">
        <div className="transport">
          <TransportButton
            testId="reset"
            disabled={!p.ready || atStart}
            onClick={a.reset}
            title="Reset to the start (Home)"
            label="Reset"
            icon="reset"
          />
          <TransportButton
            testId="step-back"
            disabled={!p.ready || atStart}
            onClick={a.stepBack}
            title={`Step back one ${one}, replayed exactly (←)`}
            label="Step back"
            icon="back"
          />
          <button
            className="btn primary play"
            data-testid="play"
            disabled={!p.ready}
            onClick={a.togglePlay}
            title="Play / pause (Space)"
            aria-pressed={p.playing}
          >
            {p.playing ? (
              <>
                <Icon name="pause" /> Pause
              </>
            ) : p.done ? (
              <>
                <Icon name="replay" /> Replay
              </>
            ) : (
              <>
                <Icon name="play" /> Play
              </>
            )}
          </button>
          {[
            {
              testId: 'step',
              onClick: a.step,
              title: `Step one ${one} (→)`,
              label: `Step one ${one}`,
              icon: 'step' as const,
            },
            {
              testId: 'step-exec',
              onClick: a.stepExecution,
              title: `Step one ${unit} (Shift + →)`,
              label: `Step one ${unit}`,
              icon: 'stepExec' as const,
            },
            {
              testId: 'run-to-end',
              onClick: a.runToEnd,
              title: 'Run to the end (End)',
              label: 'Run to end',
              icon: 'end' as const,
            },
          ].map((b) => (
            // forward: nothing to do once the run is done
            <TransportButton key={b.testId} {...b} disabled={!p.ready || p.done} />
          ))}
        </div>
        <label className="speed">
          Speed
          <input
            type="range"
            data-testid="speed"
            min={0}
            max={SPEEDS.length - 1}
            step={1}
            value={p.speed}
            onChange={(e) => a.setSpeed(Number(e.target.value))}
            aria-valuetext={speedLabel(SPEEDS[p.speed])}
          />
          <output>{speedLabel(SPEEDS[p.speed])}</output>
        </label>
      </div>
      <div className="playback-row">
        <input
          type="range"
          className="position-slider"
          data-testid="position-slider"
          aria-label={`Position (${one === 'access' ? 'accesses' : 'phases'} done)`}
          min={0}
          max={p.total}
          step={1}
          value={p.position}
          disabled={!p.ready}
          onChange={(e) => a.seek(Number(e.target.value))}
        />
        <div className="position-text" data-testid="position" data-position={p.position}>
          <span>
            {one} <b>{p.position.toLocaleString('en')}</b> / {p.total.toLocaleString('en')}
          </span>
          <span>
            {unit} <b>{p.executions.toLocaleString('en')}</b> /{' '}
            {p.totalExecutions.toLocaleString('en')}
          </span>
          <span>
            t = <b>{p.seconds.toFixed(3)}</b> s
          </span>
        </div>
      </div>
      <div className="shortcuts" aria-label="Keyboard shortcuts">
        {shortcuts(mode).map(([key, what]) => (
          <span key={key}>
            <kbd>{key}</kbd> {what}
          </span>
        ))}
      </div>
    </section>
  );
}
