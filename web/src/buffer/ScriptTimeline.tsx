// A script workload's steps in order (seeds 003 and 004): each statement, its simulated elapsed
// time, how it read its blocks (direct, through the cache, from the OS page cache) and, where
// the paper publishes one, its figure beside. The step being run is highlighted.
import { memo, useMemo } from 'react';
import { useApp } from '../store/context';
import { useDifferences } from '../shared/PaperTable';
import { selectCurrent, selectReport } from '../store/selectors';
import type { Scenario } from '../sim/engine';
import { Panel } from '../shared/Panel';
import { reasonText, REASON_NAME } from '../sim/scanDecision';
import { currentStep, PATH_LABEL, scriptSteps, timelineRows, type TimelineRow } from './scriptRows';

const seconds = (s: number) => `${s.toFixed(2)} s`;
const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
/** Rows per second, compact so it fits its column (287.1K rows/s); the title has it in full. */
const perSecond = (v: number) => `${COMPACT.format(v)} rows/s`;

/** What the paper published for the step, or a dash. */
function paperFigure(r: TimelineRow): string {
  if (!r.paper) return '';
  if (r.paper.elapsedS !== null) return seconds(r.paper.elapsedS);
  if (r.paper.rowsPerS !== null) return `${COMPACT.format(r.paper.rowsPerS)}/s`;
  return '';
}

/** How the step read, with the scan decision's reason in its tooltip. */
function pathTitle(r: TimelineRow): string {
  const s = r.stats;
  const parts: string[] = [];
  if (r.scan)
    parts.push(`full scan: ${r.scan.direct ? 'direct' : 'buffered'} — ${reasonText(r.scan)}`);
  if (s) {
    const buffered = s.physical_reads - s.physical_reads_direct;
    parts.push(
      `logical reads ${s.logical_reads.toLocaleString('en')}, physical reads ${buffered.toLocaleString('en')} buffered + ${s.physical_reads_direct.toLocaleString('en')} direct, OS page cache hits ${s.os_cache_hits.toLocaleString('en')}`,
    );
    if (s.rows > 0) parts.push(`${s.rows.toLocaleString('en')} rows`);
  }
  return parts.join('\n');
}

interface RowProps {
  r: TimelineRow;
  current: boolean;
  scale: number;
  /** What the row shows, as one string: a row whose signature is unchanged is not rendered. */
  sig: string;
}

/** The signature of a row (its figures change only while its step runs). */
const signature = (r: TimelineRow, current: boolean, scale: number) => {
  const s = r.stats;
  return `${r.state}|${r.elapsedS}|${r.path}|${current}|${scale}|${s?.logical_reads}|${s?.physical_reads}|${s?.physical_reads_direct}|${s?.os_cache_hits}|${s?.rows}|${s?.rows_per_s}|${r.scan?.reason}|${r.text}`;
};

const Row = memo(RowView, (a, b) => a.sig === b.sig);

function RowView({ r, current, scale }: RowProps) {
  const paper = paperFigure(r);
  const width = (v: number) => `${Math.min(100, (v / scale) * 100).toFixed(1)}%`;
  const rows = r.stats?.rows_per_s;
  return (
    <li
      className={`step-row ${r.state}${current ? ' current' : ''}`}
      data-step={r.index}
      data-elapsed-s={r.elapsedS.toFixed(2)}
      data-direct={r.direct ? 'true' : 'false'}
      data-done={r.state === 'done' ? 'true' : 'false'}
      data-path={r.path}
      aria-current={current ? 'step' : undefined}
    >
      <span className="step-no">{r.index + 1}</span>
      <span className="step-text mono" title={r.text}>
        {r.text}
      </span>
      <span className={`step-path path-${r.path}`} title={pathTitle(r)}>
        {r.state === 'pending' ? '' : PATH_LABEL[r.path]}
        {r.scan && r.state !== 'pending' && (
          <span className="step-reason"> · {REASON_NAME[r.scan.reason]}</span>
        )}
      </span>
      <span className="step-time">
        {r.state === 'pending' ? '—' : seconds(r.elapsedS)}
        {rows != null && r.state !== 'pending' && (
          <span className="step-rows">{perSecond(rows)}</span>
        )}
      </span>
      <span className="step-paper" title={paper ? 'the paper’s figure' : undefined}>
        {paper}
      </span>
      <span className="step-bar" aria-hidden="true">
        {r.state !== 'pending' && r.elapsedS > 0 && (
          <span className={`bar path-${r.path}`} style={{ width: width(r.elapsedS) }} />
        )}
        {r.paper?.elapsedS != null && (
          <span className="tick" style={{ left: width(r.paper.elapsedS) }} />
        )}
      </span>
    </li>
  );
}

/**
 * The paper's figures the steps stand beside: the scenario's own; another run's of the paper
 * when an edit made it that run (seed 004's 10.2.0.5 test switched to 11.2.0.2 is the paper's
 * 11.2.0.2 test); and what the edit changed when it is no run of the paper (its figures are
 * then another configuration's: shown greyed, and said so).
 */
function usePaperSteps(scenario: Scenario | null) {
  const { twin, differences } = useDifferences();
  if (!scenario?.paper) return { steps: undefined, differences: [] };
  return { steps: (twin?.scenario ?? scenario).paper?.steps, differences };
}

export function ScriptTimeline() {
  const report = useApp(selectReport);
  const scenario = useApp(selectCurrent);
  const steps = report?.steps;
  const script = scriptSteps(scenario?.workload);
  const { steps: paperSteps, differences } = usePaperSteps(scenario);
  const otherRun = differences.length > 0;
  const rows = useMemo(() => timelineRows(script, steps, paperSteps), [script, steps, paperSteps]);
  if (!report || !script || rows.length === 0) return null;
  const current = currentStep(rows);
  // One scale for every bar: the longest step, simulated or published.
  const scale = Math.max(1e-9, ...rows.map((r) => Math.max(r.elapsedS, r.paper?.elapsedS ?? 0)));
  const hasPaper = rows.some((r) => r.paper);
  const total = rows.reduce((t, r) => t + r.elapsedS, 0);
  return (
    <Panel
      title="Script"
      sub={`${rows.length} steps · ${seconds(total)} so far${current !== null ? ` · step ${current + 1} running` : ''}`}
      className="script"
      testId="script-panel"
    >
      <div className="script-head" aria-hidden="true">
        <span>#</span>
        <span>statement</span>
        <span>read</span>
        <span>elapsed</span>
        <span>{hasPaper ? 'paper' : ''}</span>
        <span title={hasPaper ? 'bar: simulated elapsed · tick: the paper’s' : 'bar: elapsed'}>
          {hasPaper ? 'bar: sim · tick: paper' : 'bar: elapsed'}
        </span>
      </div>
      {hasPaper && otherRun && (
        <p className="note script-paper-note" role="note" data-testid="script-paper-note">
          The paper&apos;s figures are for its own run, not this one (
          {differences.map((d) => `${d.name} ${d.now}, the paper ran ${d.paper}`).join('; ')}).
        </p>
      )}
      {/* it scrolls when its steps outgrow it: focusable, so a keyboard can scroll it */}
      <ol
        className={otherRun ? 'script-timeline paper-other' : 'script-timeline'}
        data-testid="script-timeline"
        tabIndex={0}
        aria-label="The script's steps"
      >
        {rows.map((r) => (
          <Row
            key={r.index}
            r={r}
            current={r.index === current}
            scale={scale}
            sig={signature(r, r.index === current, scale)}
          />
        ))}
      </ol>
    </Panel>
  );
}
