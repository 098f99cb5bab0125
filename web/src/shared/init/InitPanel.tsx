// The instance: the version profile, the init.ora parameters of the scenario's simulation
// (buffer cache or library cache; form or raw text) and, for the buffer cache, the costs.
// A valid change rebuilds the run at the same position.
import { useState } from 'react';
import {
  parameterDocs,
  type CacheConfig,
  type ParamDoc,
  type Profile,
  type Scenario,
} from '../../sim/engine';
import type * as library from '../../sim/library';
import { useApp } from '../../store/context';
import type { InitValue } from '../../store/initOra';
import {
  selectDraft,
  selectDraftError,
  selectEdit,
  librarySim,
  selectGeneration,
  selectLayout,
  selectMode,
  selectRevertDraft,
} from '../../store/selectors';
import type { AppState } from '../../store/store';
import { Field } from './Field';
import {
  checkCost,
  checkParam,
  COSTS,
  display,
  groupsFor,
  keywordOf,
  paramValue,
} from './initParams';
import { Panel } from '../Panel';
import { ignoresAll, profileHelp, profileOptions } from './profiles';
import { PolicyField } from './PolicyField';
import { RawInit } from './RawInit';
import { withReference } from './ParamReference';

const figure = (v: number) => v.toLocaleString('en-US');

/** The library cache run's configuration (library mode), for the parameters it derives. */
const selectLibraryConfig = (s: AppState) => librarySim(s)?.config ?? null;

/** The value the library cache run derived from a parameter (shown under its help). */
function libraryDerived(name: string, config: library.Config | null): string | null {
  if (!config) return null;
  switch (name) {
    case '_kgl_bucket_count':
      return `This run starts with ${figure(config.buckets)} hash buckets.`;
    case '_kgl_latch_count':
      return `This run has ${config.latches} library cache latch${config.latches === 1 ? '' : 'es'}.`;
    case 'shared_pool_size':
      return `This run's heap: ${figure(config.pool_bytes)} bytes.`;
    case '_spin_count':
      return `This run spins ${figure(config.spin_count)} time${config.spin_count === 1 ? '' : 's'} (cpu_count ${config.cpu_count}).`;
    default:
      return null;
  }
}

/** The value the engine derived, where the default is a rule rather than a number. */
function derived(
  name: string,
  config: CacheConfig | undefined,
  libraryConfig: library.Config | null,
): string | null {
  if (name === '_spin_count') return libraryConfig ? String(libraryConfig.spin_count) : null;
  if (!config) return null;
  const pool = (id: string) => config.pools.find((p) => p.id === id);
  switch (name) {
    case '_db_block_hash_buckets':
      return String(config.hash_buckets);
    case '_db_block_hash_latches':
      return String(config.hash_latches);
    case 'db_block_buffers':
      // the buffers the instance has, however they were sized (seed 003's db_cache_size =
      // 16M is 2,048 buffers: the greyed default said 1000)
      return String(config.pools.reduce((n, p) => n + p.buffers, 0));
    case '_small_table_threshold':
      return pool('DEFAULT') ? String(pool('DEFAULT')?.small_table_threshold) : null;
    default:
      return null;
  }
}

type Edit = (change: (d: Scenario) => Scenario) => void;

/** What the form's parts get: the draft, how to edit it, and the field in error. */
interface FormProps {
  draft: Scenario;
  edit: Edit;
  errorPath: string;
  errorText: string | null;
}

function setInit(edit: Edit, name: string, value: InitValue | null) {
  edit((d) => {
    const init = { ...(d.init ?? {}) };
    if (value === null) delete init[name];
    else init[name] = value;
    return { ...d, init };
  });
}

function ParamField({
  doc,
  draft,
  edit,
  error,
  config,
  libraryConfig,
}: {
  doc: ParamDoc;
  draft: Scenario;
  edit: Edit;
  error: string | null;
  config: CacheConfig | undefined;
  libraryConfig: library.Config | null;
}) {
  const value = draft.init?.[doc.name];
  // a sampled run's pools are the sample's (R × the real sizes): the derived sizes are not the
  // instance's, so the parameter's own default shows
  const shownConfig = draft.sampling ? undefined : config;
  const placeholder =
    derived(doc.name, shownConfig, libraryConfig) ??
    (doc.default.length <= 14 ? doc.default : 'default');
  const now = libraryDerived(doc.name, libraryConfig);
  const common = {
    id: `param-${doc.name}`,
    testId: `param-${doc.name}`,
    label: doc.name,
    help: (
      <>
        {doc.help} <span className="mono">Default {doc.default}.</span>
        {now && <> {now}</>}
      </>
    ),
    value: display(value),
    set: value !== undefined,
    error,
    className: doc.kind === 'pool_spec' ? 'wide' : undefined,
  };
  if (doc.kind === 'boolean') {
    return (
      <Field
        {...common}
        value={value === undefined ? '' : display(value)}
        options={[
          { value: '', label: `default (${doc.default})` },
          { value: 'TRUE', label: 'TRUE' },
          { value: 'FALSE', label: 'FALSE' },
        ]}
        commit={(t) => setInit(edit, doc.name, t === '' ? null : t === 'TRUE')}
      />
    );
  }
  if (doc.kind === 'keyword') {
    // A value outside the choices (typed in the raw text) stays visible, marked invalid.
    const word = value === undefined ? '' : (keywordOf(doc, display(value)) ?? display(value));
    const extra = word !== '' && !doc.choices.includes(word) ? [{ value: word, label: word }] : [];
    return (
      <Field
        {...common}
        value={word}
        options={[
          { value: '', label: `default (${doc.default})` },
          ...doc.choices.map((c) => ({ value: c, label: c })),
          ...extra,
        ]}
        commit={(t) => setInit(edit, doc.name, paramValue(doc, t))}
      />
    );
  }
  return (
    <Field
      {...common}
      placeholder={placeholder}
      check={(t) => checkParam(doc, t)}
      commit={(t) => setInit(edit, doc.name, paramValue(doc, t))}
    />
  );
}

function InitForm({ draft, edit, errorPath, errorText }: FormProps) {
  const docs = parameterDocs();
  const layout = useApp(selectLayout);
  const libraryConfig = useApp(selectLibraryConfig);
  const mode = useApp(selectMode);
  const byName = new Map(docs.map((d) => [d.name, d]));
  return (
    <div className="panel-body">
      {groupsFor(mode, docs).map((g) => {
        const present = g.names;
        // A group whose every parameter the profile has no use for (its row's `ignores`).
        const unused = ignoresAll(draft.profile, present);
        return (
          <fieldset key={g.title} className={`field-group${unused ? ' dimmed' : ''}`}>
            <legend>{g.title}</legend>
            {unused && (
              <p className="group-note">
                Profile {draft.profile} has no use for these: {profileHelp(draft.profile, 'buffer')}
              </p>
            )}
            {present.map((n) => (
              <ParamField
                key={n}
                doc={byName.get(n) as ParamDoc}
                draft={draft}
                edit={edit}
                config={layout?.config}
                libraryConfig={mode === 'library' ? libraryConfig : null}
                error={errorPath === `init.${n}` ? errorText : null}
              />
            ))}
          </fieldset>
        );
      })}
      {mode === 'library' ? (
        <p className="note">
          The per-operation costs of the library cache (<span className="mono">cost.library</span>)
          are with the workload.
        </p>
      ) : (
        <BufferCosts draft={draft} edit={edit} errorPath={errorPath} errorText={errorText} />
      )}
    </div>
  );
}

/** The buffer cache's costs (`cost`): they advance simulated time. */
function BufferCosts({ draft, edit, errorPath, errorText }: FormProps) {
  return (
    <fieldset className="field-group">
      <legend>Costs (simulated time)</legend>
      {COSTS.map((c) => {
        const value = draft.cost?.[c.key];
        return (
          <Field
            key={c.key}
            id={`param-cost-${c.key}`}
            testId={`param-cost.${c.key}`}
            label={`cost.${c.key}`}
            help={`${c.help} In ${c.unit}.`}
            value={value === undefined ? '' : String(value)}
            set={value !== undefined}
            placeholder="default"
            error={errorPath === `cost.${c.key}` ? errorText : null}
            check={(t) => checkCost(`cost.${c.key}`, t, { min: c.min, max: c.max, unit: c.unit })}
            commit={(t) =>
              edit((d) => {
                const cost = { ...(d.cost ?? {}) };
                if (t.trim() === '') delete cost[c.key];
                else cost[c.key] = Number(t);
                return { ...d, cost };
              })
            }
          />
        );
      })}
    </fieldset>
  );
}

/** The init.ora panel: profile, then the form or the raw text. */
export function InitPanel() {
  const draft = useApp(selectDraft);
  const error = useApp(selectDraftError);
  const edit = useApp(selectEdit);
  const generation = useApp(selectGeneration);
  const revert = useApp(selectRevertDraft);
  const mode = useApp(selectMode);
  const [tab, setTab] = useState<'form' | 'raw'>('form');
  if (!draft) return null;
  const path = error?.path ?? '';
  const known =
    path.startsWith('init.') ||
    path.startsWith('cost.') ||
    path === 'profile' ||
    (path === 'policy' && mode !== 'library') ||
    tab === 'raw';
  return (
    <Panel
      title="init.ora"
      sub={mode === 'library' ? 'the shared pool' : 'the instance'}
      testId="init-panel"
    >
      <div className="panel-body" style={{ paddingBottom: 0 }}>
        <Field
          id="param-profile"
          testId="param-profile"
          label="profile (Oracle version)"
          help={profileHelp(draft.profile, mode)}
          value={draft.profile}
          options={profileOptions()}
          commit={(t) => edit((d) => ({ ...d, profile: t as Profile }))}
        />
        {mode !== 'library' && (
          <PolicyField
            draft={draft}
            edit={edit}
            error={path === 'policy' ? (error?.detail ?? null) : null}
          />
        )}
      </div>
      {error && (
        <div className="draft-error" role="status" data-testid="draft-error">
          {!known && (
            <>
              <code>{error.path || 'scenario'}</code>: {withReference(error.detail)}.{' '}
            </>
          )}
          Not applied: the run keeps the last valid configuration.
          <button className="btn small" onClick={revert}>
            Revert
          </button>
        </div>
      )}
      <div className="tabs" role="tablist">
        <button role="tab" aria-selected={tab === 'form'} onClick={() => setTab('form')}>
          Form
        </button>
        <button
          role="tab"
          aria-selected={tab === 'raw'}
          data-testid="raw-tab"
          onClick={() => setTab('raw')}
        >
          init.ora text
        </button>
      </div>
      {tab === 'form' ? (
        <InitForm
          key={generation}
          draft={draft}
          edit={edit}
          errorPath={path}
          errorText={error ? error.detail : null}
        />
      ) : (
        <RawInit
          key={`${generation}:${JSON.stringify(draft.init ?? {})}`}
          init={draft.init ?? {}}
          edit={edit}
          error={error && path.startsWith('init') ? error.message : null}
        />
      )}
    </Panel>
  );
}
