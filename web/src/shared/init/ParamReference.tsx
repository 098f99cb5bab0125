// The init.ora parameter reference inside the site: the README's "init.ora parameters" table
// (name, default, meaning) with the limits the model enforces, from the engine's own
// reference (parameterDocs), so it always matches what the checks say. Opened from a link
// wherever a message would otherwise say "see the README".
import { useRef } from 'react';
import { parameterDocs } from '../../sim/engine';
import { figure } from './initParams';

const limit = (v: bigint | null) => (v === null ? '' : figure(Number(v)));

export function ParamReferenceLink({
  children = 'the parameter reference',
}: {
  children?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className="link-button"
        data-testid="param-reference-link"
        onClick={() => dialog.current?.showModal()}
      >
        {children}
      </button>
      <dialog ref={dialog} className="param-reference" data-testid="param-reference">
        <header>
          <h2>init.ora parameters</h2>
          <button className="btn small" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </header>
        <p className="note">
          The README&apos;s section “init.ora parameters”, with the limits the model enforces. Names
          are case-insensitive; sizes take K, M or G.
        </p>
        <table className="grid compact">
          <thead>
            <tr>
              <th>parameter</th>
              <th>default</th>
              <th>limits</th>
              <th>meaning</th>
            </tr>
          </thead>
          <tbody>
            {parameterDocs().map((d) => (
              <tr key={d.name} data-param={d.name}>
                <td className="mono">{d.name}</td>
                <td>{d.default}</td>
                <td>
                  {d.kind === 'keyword'
                    ? d.choices.join(', ')
                    : d.min !== null || d.max !== null
                      ? `${limit(d.min)} … ${limit(d.max)}`
                      : ''}
                </td>
                <td>{d.help}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </dialog>
    </>
  );
}

/** An engine message, its "see the README" made a link to the parameter reference. */
export function withReference(message: string) {
  const at = message.indexOf('see the README');
  if (at < 0) return message;
  return (
    <>
      {message.slice(0, at)}see{' '}
      <ParamReferenceLink>the README’s parameter table</ParamReferenceLink>
      {message.slice(at + 'see the README'.length)}
    </>
  );
}
