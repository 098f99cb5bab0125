// A `script` workload's steps as the text the workload panel edits: one step a line — a SQL
// statement as typed in SQL*Plus, or `run {…}` with another workload as JSON; ` -- text` at
// the end of a line is the step's label (what the timeline calls it). Blank lines are skipped.
import type { ScriptStep } from '../sim/generated/buffer/ScriptStep';
import type { WorkloadSpec } from '../sim/engine';

const LABEL = ' -- ';
const RUN = /^run\s+(\{.*\})$/;

/** The steps as lines of text. */
export function stepsToText(steps: ScriptStep[]): string {
  return steps
    .map((s) => {
      const body = s.run !== undefined ? `run ${JSON.stringify(s.run)}` : (s.sql ?? '').trim();
      return s.label === undefined ? body : `${body}${LABEL}${s.label}`;
    })
    .join('\n');
}

export type Parsed =
  { ok: true; steps: ScriptStep[] } | { ok: false; line: number; problem: string };

/** Read the text back into steps; a `run` line that is not JSON is reported with its line. */
export function textToSteps(text: string): Parsed {
  const steps: ScriptStep[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '') continue;
    const at = raw.lastIndexOf(LABEL);
    const body = (at < 0 ? raw : raw.slice(0, at)).trim();
    const label = at < 0 ? undefined : raw.slice(at + LABEL.length).trim();
    const step: ScriptStep = {};
    const run = RUN.exec(body);
    if (run) {
      try {
        step.run = JSON.parse(run[1]) as WorkloadSpec;
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        return { ok: false, line: i + 1, problem: `the run is not valid JSON: ${why}` };
      }
    } else if (body.startsWith('run ') || body === 'run') {
      return { ok: false, line: i + 1, problem: 'write a run as run {"kind": …} on one line' };
    } else {
      step.sql = body;
    }
    if (label) step.label = label;
    steps.push(step);
  }
  return { ok: true, steps };
}

/** The line (1-based) of step `index` in `text`, skipping blank lines as textToSteps does. */
export function lineOfStep(text: string, index: number): number | null {
  let k = -1;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '' && ++k === index) return i + 1;
  }
  return null;
}

/**
 * An engine error about the steps (`workload.steps[3].sql: …`) as the panel shows it: the step
 * and its line. Null when the error is about another field.
 */
export function stepsError(path: string, detail: string, text: string): string | null {
  if (path === 'workload.steps') return detail;
  const m = /^workload\.steps\[(\d+)\]/.exec(path);
  if (!m) return null;
  const index = Number(m[1]);
  const line = lineOfStep(text, index);
  const where = line === null ? '' : ` (line ${line})`;
  // The statement is the step itself; a run's own fields are named (`run.kind`).
  const field = path.slice(m[0].length).replace(/^\./, '');
  return `step ${index + 1}${where}${field && field !== 'sql' ? `, ${field}` : ''}: ${detail}`;
}
