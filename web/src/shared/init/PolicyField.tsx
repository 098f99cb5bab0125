// The scenario's replacement policy (`policy`): Oracle's own rules of the profile (the
// default: no `policy` in the scenario) or one of the engine's registered policies, each with
// its one line. Every working set of every pool runs it; pools, hash chains, latches, DBWR
// and the I/O path stay as they are.
import type { Scenario } from '../../sim/engine';
import { policies, policyInfo, policyOf } from '../../sim/policy';
import { Field } from './Field';

/** The select's value for Oracle's rules (the scenario has no `policy`). */
const ORACLE = '';

export function PolicyField({
  draft,
  edit,
  error,
}: {
  draft: Scenario;
  edit: (change: (d: Scenario) => Scenario) => void;
  error: string | null;
}) {
  const chosen = draft.policy ?? ORACLE;
  const listed = policies();
  // A name the engine does not register (typed in a file or a link) stays visible, marked invalid.
  const unknown = chosen !== ORACLE && !listed.some((p) => p.name === chosen);
  const own = policyInfo(policyOf({ profile: draft.profile }));
  const now = policyInfo(policyOf(draft));
  return (
    <Field
      id="param-policy"
      testId="param-policy"
      label="Replacement policy"
      className="wide"
      value={chosen}
      set={chosen !== ORACLE}
      error={error}
      options={[
        { value: ORACLE, label: "Oracle's rules (profile default)" },
        ...listed.map((p) => ({ value: p.name, label: `${p.label} — ${p.line}` })),
        ...(unknown ? [{ value: chosen, label: chosen }] : []),
      ]}
      help={
        chosen === ORACLE ? (
          <>
            Profile {draft.profile} runs {own.label}: {own.line}. Pick another policy to run it in
            every working set on the same accesses.
          </>
        ) : (
          <>
            <span className="mono">policy</span> {now.name}: {now.label}
            {now.line && <> — {now.line}</>}. It replaces {own.label} (profile {draft.profile}) in
            every working set; pools, chains, DBWR and I/O stay the same.
          </>
        )
      }
      commit={(t) =>
        edit((d) => {
          const next = { ...d };
          if (t === ORACLE) delete next.policy;
          else next.policy = t;
          return next;
        })
      }
    />
  );
}
