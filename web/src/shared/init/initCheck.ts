// Every problem of raw init.ora text at once, each with its line: the text's own (a line that
// is not `name = value`, a parameter set twice) and a value outside what its parameter takes
// (named, with the limit) — before the engine sees it. A parameter the model does not simulate
// (a real instance's db_name, processes …) is skipped and listed, so a DBA's own init.ora or
// `create pfile` output can be pasted as it is; one within two letters of a known name is a
// typo and an error ("did you mean …").
import { closest, distance } from 'fastest-levenshtein';
import type { ParamDoc } from '../../sim/engine';
import { parseInit, type InitLineError, type InitMap } from '../../store/initOra';
import { checkParam, display } from './initParams';

export interface InitCheck {
  init: InitMap;
  errors: InitLineError[];
  /** Parameters the model does not simulate (db_name, processes …): left out, with their lines. */
  skipped: InitLineError[];
}

export function checkInitText(text: string, docs: ParamDoc[]): InitCheck {
  const { init, errors, lines } = parseInit(text);
  const byName = new Map(docs.map((d) => [d.name, d]));
  const names = docs.map((d) => d.name);
  const found: InitLineError[] = [...errors];
  const skipped: InitLineError[] = [];
  const kept: InitMap = {};
  for (const [name, value] of Object.entries(init)) {
    const doc = byName.get(name);
    const line = lines[name] ?? 0;
    if (!doc) {
      // a near miss of a parameter the model knows is a typo, not another instance's setting
      const near = closest(name, names);
      if (distance(name, near) <= 2)
        found.push({
          line,
          message: `${name} is not an init.ora parameter: did you mean ${near}?`,
        });
      else skipped.push({ line, message: name });
      continue;
    }
    kept[name] = value;
    const problem = checkParam(doc, display(value));
    if (problem) found.push({ line, message: problem });
  }
  found.sort((a, b) => a.line - b.line);
  skipped.sort((a, b) => a.line - b.line);
  return { init: kept, errors: found, skipped };
}
