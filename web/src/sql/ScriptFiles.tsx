// The files a script's `@file` / `START file` lines read in the page (include.ts): the user
// picks them here (several at once); a script naming one it has not been given opens the
// picker and says which file it wanted.
import type { RefObject } from 'react';

export function ScriptFiles({
  names,
  inputRef,
  onPick,
}: {
  /** The files picked so far. */
  names: string[];
  inputRef: RefObject<HTMLInputElement | null>;
  onPick: (files: Array<[string, string]>) => void;
}) {
  return (
    <div className="sql-files">
      <label>
        Script files for <code>@file</code> / <code>START file</code>:{' '}
        <input
          ref={inputRef}
          type="file"
          multiple
          accept=".sql,.txt,text/plain"
          data-testid="sql-files"
          onChange={(e) => {
            const list = Array.from(e.currentTarget.files ?? []);
            void Promise.all(
              list.map(async (f): Promise<[string, string]> => [f.name, await f.text()]),
            ).then(onPick);
          }}
        />
      </label>
      {names.length > 0 && (
        <span className="note" data-testid="sql-files-picked">
          {' '}
          picked: {names.join(', ')}
        </span>
      )}
    </div>
  );
}
