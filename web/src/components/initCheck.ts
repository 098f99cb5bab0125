// Every problem of raw init.ora text at once, each with its line: the text's own (a line that
// is not `name = value`, a parameter set twice), a name the model does not know, and a value
// outside what its parameter takes (named, with the limit) — before the engine sees it.
import type { ParamDoc } from '../sim/engine';
import { parseInit, type InitLineError, type InitMap } from '../store/initOra';
import { checkParam, display } from './initParams';

export interface InitCheck {
  init: InitMap;
  errors: InitLineError[];
}

export function checkInitText(text: string, docs: ParamDoc[]): InitCheck {
  const { init, errors, lines } = parseInit(text);
  const byName = new Map(docs.map((d) => [d.name, d]));
  const found: InitLineError[] = [...errors];
  for (const [name, value] of Object.entries(init)) {
    const doc = byName.get(name);
    const line = lines[name] ?? 0;
    if (!doc) {
      found.push({ line, message: `${name} is not an init.ora parameter the model knows` });
      continue;
    }
    const problem = checkParam(doc, display(value));
    if (problem) found.push({ line, message: problem });
  }
  found.sort((a, b) => a.line - b.line);
  return { init, errors: found };
}
