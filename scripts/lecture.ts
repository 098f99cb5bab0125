// Headless lecture runner: `npm run -s lecture -- <lecture.json>` checks a lecture (errors by
// field path), runs each slide's scenario to its position with the wasm module the browser
// loads, and prints every slide with its placeholders filled by the engine. `--json` prints
// the slides' positions and figures (value as the engine reports it, and as shown) instead.
import { readFileSync } from 'node:fs';
import { LectureError, parseLecture, sweepOf } from '../web/src/lecture/format';
import { LectureRunner, plainText } from '../web/src/lecture/fill';
import { planSweep } from '../web/src/sizing/sweep';
import { loadEngineNode } from '../web/src/sim/node';
import { bundledNames, bundledScenario } from './lib/lectures';
import { parseCommand, usageError, type Command } from './lib/args';
import { printable } from './lib/printable';

const COMMAND: Command = {
  name: 'lecture',
  usage: ['<lecture.json> [--json]'],
  options: {
    json: { type: 'boolean', help: "print the slides' positions and figures as JSON" },
  },
};
const { values: opts, positionals } = parseCommand(COMMAND);
const [file, ...extra] = positionals;
if (!file) usageError(COMMAND, 'no lecture given');
if (extra.length) usageError(COMMAND, `one lecture at a time (given: ${positionals.join(' ')})`);

let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  fail(`cannot read ${file}: ${(e as Error).message}`, 2);
}

loadEngineNode();
const runner = new LectureRunner(bundledScenario);
try {
  const lecture = parseLecture(text, bundledNames());
  const slides = runner.all(lecture);
  // a slide's sweep is the Sizing panel's: refused here as the panel would refuse it
  for (const s of slides) {
    const sweep = sweepOf(lecture.slides[s.index]);
    if (!sweep) continue;
    try {
      planSweep(s.resolved.scenario, sweep);
    } catch (e) {
      throw new LectureError(`slides[${s.index}].action.sweep`, (e as Error).message);
    }
  }
  if (opts.json) {
    const out = slides.map((s) => ({
      slide: s.index + 1,
      scenario: s.resolved.base ?? '(inline)',
      position: s.position,
      figures: s.pieces.flatMap((p) =>
        typeof p === 'string' ? [] : [{ name: p.placeholder.source, value: p.value, text: p.text }],
      ),
    }));
    process.stdout.write(JSON.stringify({ title: lecture.title, slides: out }, null, 2) + '\n');
  } else {
    const lines = [`# ${lecture.title}`, `Source: ${lecture.source}`, ''];
    for (const s of slides) {
      lines.push(
        `## Slide ${s.index + 1} of ${slides.length} · ${s.resolved.base ?? '(inline scenario)'} at #${s.position}`,
        plainText(s.pieces),
        '',
      );
    }
    process.stdout.write(lines.join('\n'));
  }
} catch (e) {
  fail(`${file}: ${(e as Error).message}`, 1);
} finally {
  runner.free();
}

function fail(message: string, code: number): never {
  console.error(`lecture: ${printable(message)}`);
  process.exit(code);
}
