// Nothing lost: links over unsaved work wait for consent; refused files keep the run; the
// address follows the tab (autosave).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addressFor,
  RELOAD_KEY,
  SESSION_KEY,
  startAutosave,
  startup,
  startupHash,
} from '../links/autosave';
import { decodeHash, encodeState } from '../links/link';
import type { Scenario } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { BUNDLED, DEFAULT_SCENARIO_ID } from './scenarios';
import { createAppStore, hasUnsavedWork } from './store';
import { bundled, freshStore } from './storeFixture';

beforeAll(() => loadEngineNode());

const fresh = freshStore;
const entry = bundled;
const withBuffers = (n: number) => (d: Scenario) => ({
  ...d,
  init: { ...d.init, db_block_buffers: n },
});
const linkTo = (id: string, position = 0) =>
  `#${encodeState({ scenario: entry(id).scenario, position, base: id })}`;

describe('a link arriving in an open tab', () => {
  it('opens at once when nothing would be lost', () => {
    const store = fresh();
    store.getState().linkArrived(linkTo('seed000-8.0-test4', 7));
    expect(store.getState().pendingLink).toBeNull();
    expect(store.getState().scenarioId).toBe('seed000-8.0-test4');
    expect(store.getState().sim?.position).toBe(7);
  });

  it("a position past the run's end opens at the end and says so", async () => {
    const store = fresh();
    store.getState().linkArrived(linkTo('seed000-8.0-test4', 1e9));
    await expect.poll(() => store.getState().busy).toBeNull();
    expect(store.getState().sim?.position).toBe(store.getState().sim?.total);
    const said = store.getState().narration.flatMap((g) => g.lines.map((l) => l.text));
    expect(said.join(' ')).toContain('past the end of this run');
  });

  it('waits for consent over an edited scenario; declining keeps the work', () => {
    const store = fresh();
    store.getState().edit(withBuffers(300));
    store.getState().step();
    expect(hasUnsavedWork(store.getState())).toBe(true);
    const before = store.getState().current;
    store.getState().linkArrived(linkTo('seed000-8.0-test4'));
    const pending = store.getState().pendingLink;
    expect(pending).toMatchObject({ title: entry('seed000-8.0-test4').title, problem: null });
    expect(store.getState().current).toBe(before);
    store.getState().declineLink();
    expect(store.getState().pendingLink).toBeNull();
    expect(store.getState().current).toBe(before);
    expect(store.getState().sim?.position).toBe(1);
  });

  it('names what is wrong with a damaged link, and accepting opens the default', () => {
    const store = fresh();
    store.getState().loadScenario('seed000-8.0-test4');
    store.getState().edit(withBuffers(300));
    const link = linkTo('seed000-8.0-test4');
    store.getState().linkArrived(link.slice(0, 40));
    expect(store.getState().pendingLink?.problem).toMatch(/damaged or truncated/);
    expect(store.getState().scenarioId).toBe('seed000-8.0-test4');
    store.getState().acceptLink();
    expect(store.getState().pendingLink).toBeNull();
    expect(store.getState().scenarioId).toBe(DEFAULT_SCENARIO_ID);
    expect(store.getState().linkError).toMatch(/damaged or truncated/);
  });

  it('says when the link’s scenario is invalid', () => {
    const store = fresh();
    store.getState().edit(withBuffers(300));
    const bad = { ...entry(DEFAULT_SCENARIO_ID).scenario, init: { db_block_buffers: 10 } };
    store.getState().linkArrived(`#${encodeState({ scenario: bad, position: 0 })}`);
    expect(store.getState().pendingLink?.problem).toMatch(/init\.db_block_buffers/);
  });

  it('only moves the position when the link holds the same scenario', () => {
    const store = fresh();
    store.getState().edit(withBuffers(300));
    const shared = store.getState().sharedState()!;
    store.getState().linkArrived(`#${encodeState({ ...shared, position: 25 })}`);
    expect(store.getState().pendingLink).toBeNull();
    expect(store.getState().sim?.position).toBe(25);
  });
});

describe('opening a scenario file', () => {
  it('opens a valid file, recognising a bundled scenario', () => {
    const store = fresh();
    const text = JSON.stringify(entry('seed000-8.0-test4').scenario, null, 2);
    store.getState().openFile(text, 'test4.json');
    expect(store.getState().scenarioId).toBe('seed000-8.0-test4');
    expect(store.getState().edited).toBe(false);
    expect(store.getState().fileError).toBeNull();
  });

  it('refuses a bad file by field and keeps the run', () => {
    const store = fresh();
    store.getState().edit(withBuffers(300));
    store.getState().step();
    const before = store.getState().sim;
    const bad = { ...entry(DEFAULT_SCENARIO_ID).scenario, init: { db_block_buffers: 10 } };
    store.getState().openFile(JSON.stringify(bad), 'bad.json');
    expect(store.getState().fileError).toMatch(/^bad\.json was not opened: init\.db_block_buffers/);
    expect(store.getState().sim).toBe(before);
    store.getState().openFile('{"version": 1,', 'cut.json');
    expect(store.getState().fileError).toMatch(/^cut\.json was not opened/);
    expect(store.getState().sim).toBe(before);
  });
});

describe('a scenario a lecture opens (issue 41 #5)', () => {
  const slide = (policy: string) =>
    JSON.stringify({ ...entry('seed000-8.0-test4').scenario, title: 'slide', policy });
  const said = (store: ReturnType<typeof fresh>) =>
    store
      .getState()
      .narration.flatMap((g) => g.lines.map((l) => l.text))
      .join(' ');

  it('is the lesson’s, not the user’s edit: no badge, nothing to keep, no undo note', () => {
    const store = fresh();
    store.getState().openFile(slide('opt'), 'slide.json', true);
    expect(store.getState().edited).toBe(true);
    expect(store.getState().lesson).toBe(true);
    expect(hasUnsavedWork(store.getState())).toBe(false);
    // the next slide switches the policy: the one before was the lecture's, not the user's
    store.getState().openFile(slide('lirs'), 'slide.json', true);
    expect(said(store)).toContain('the lecture opened slide.json');
    expect(said(store)).not.toContain('one undo away');
    // an edit of the user's makes it theirs again
    store.getState().edit(withBuffers(300));
    expect(store.getState().lesson).toBe(false);
    expect(hasUnsavedWork(store.getState())).toBe(true);
  });

  it('still says so when it replaces the user’s own edited scenario', () => {
    const store = fresh();
    store.getState().edit(withBuffers(300));
    store.getState().openFile(slide('opt'), 'slide.json', true);
    expect(said(store)).toContain('one undo away');
  });
});

describe('a scenario file with a byte order mark', () => {
  it('opens as any other, buffer cache or library cache', () => {
    for (const id of ['seed000-8.0-test4', 'seed001-8.1.6-test3']) {
      const store = fresh();
      const text = `\uFEFF${JSON.stringify({ ...entry(id).scenario, title: 'with a BOM' })}`;
      store.getState().openFile(text, 'bom.json');
      expect(store.getState().fileError, id).toBeNull();
      expect(store.getState().current?.title).toBe('with a BOM');
    }
  });
});

/** A fake page: an address, a history that writes it, a sessionStorage, a hand clock. */
function fakePage(href = 'https://example.org/repo/') {
  const page = { href, hash: '', writes: 0 };
  const data = new Map<string, string>();
  const timers: (() => void)[] = [];
  const set = (url: string) => {
    page.href = url;
    page.hash = new URL(url).hash;
  };
  set(href);
  return {
    page,
    data,
    /** Run the timers due (all of them: the test only checks what ends up written). */
    tick: () => timers.splice(0).forEach((f) => f()),
    env: {
      location: page,
      history: {
        replaceState: (_: unknown, __: string, url: string) => {
          page.writes++;
          set(url);
        },
      },
      storage: {
        getItem: (k: string) => data.get(k) ?? null,
        setItem: (k: string, v: string) => void data.set(k, v),
        removeItem: (k: string) => void data.delete(k),
      },
      clock: {
        setTimeout: (f: () => void) => timers.push(f),
        clearTimeout: () => timers.splice(0),
      },
    },
  };
}

describe('autosave', () => {
  it('keeps a plain visit’s address plain, and writes edits and the position', () => {
    const store = fresh();
    const { page, env, tick } = fakePage();
    const autosave = startAutosave(store, env, DEFAULT_SCENARIO_ID);
    store.getState().step();
    store.getState().reset();
    tick();
    expect(page.hash).toBe('');
    store.getState().edit(withBuffers(300));
    store.getState().step();
    store.getState().step();
    expect(page.writes).toBe(0);
    tick();
    expect(page.writes).toBe(1);
    const opened = decodeHash(page.hash);
    expect(opened).toMatchObject({ ok: true, state: { position: 2, base: DEFAULT_SCENARIO_ID } });
    if (opened.ok === true) expect(opened.state.scenario.init?.db_block_buffers).toBe(300);

    // A reload opens what the address holds.
    const again = createAppStore({ scenarios: BUNDLED });
    again.getState().engineReady(startupHash(env));
    expect(again.getState().current).toEqual(store.getState().current);
    expect(again.getState().sim?.position).toBe(2);
    autosave.stop();
  });

  it('leaves a pending link in the address, and restores the tab’s own once declined', () => {
    const store = fresh();
    const { page, env, tick } = fakePage();
    const autosave = startAutosave(store, env, DEFAULT_SCENARIO_ID);
    store.getState().edit(withBuffers(300));
    tick();
    const own = page.href;
    const link = linkTo('seed000-8.0-test4');
    page.hash = link; // what the user pasted
    store.getState().linkArrived(link);
    tick();
    expect(page.hash).toBe(link);
    store.getState().declineLink();
    expect(page.href).toBe(own);
    autosave.stop();
  });

  // issue 29 #8: a reload loads the address as it was when it was asked for; the pagehide
  // flush that writes the edit into the address comes after that.
  it('keeps an edit made just before a reload (the address not yet written)', () => {
    const store = fresh();
    const { page, env } = fakePage();
    const autosave = startAutosave(store, env, DEFAULT_SCENARIO_ID);
    const asked = page.href; // the reload is asked for here, 0.1 s after the edit
    store.getState().edit(withBuffers(300));
    store.getState().step();
    autosave.hide(); // pagehide: the flush writes the address, too late for this reload
    autosave.hide(); // then visibilitychange: the address is already written
    page.href = asked;
    page.hash = new URL(asked).hash;
    const again = createAppStore({ scenarios: BUNDLED });
    const start = startup(env);
    again.getState().engineReady(start.hash);
    expect(again.getState().current?.init?.db_block_buffers).toBe(300);
    expect(again.getState().sim?.position).toBe(1);
    expect(start.link).toBeNull();
    // the record is read once: a later load of that address opens the address
    expect(env.storage.getItem(RELOAD_KEY)).toBeNull();
    autosave.stop();
  });

  // …and when the debounced write lands while the reload is on its way: the page is hidden
  // with the new address already in place, but the reload loads the one it was asked for.
  it('keeps an edit whose address was written while the reload was on its way', () => {
    const store = fresh();
    const { page, env, tick } = fakePage();
    const autosave = startAutosave(store, env, DEFAULT_SCENARIO_ID);
    store.getState().edit(withBuffers(300));
    tick();
    const asked = page.href; // the address holds 300 buffers: the reload is asked for here
    store.getState().edit(withBuffers(400));
    tick(); // the debounced write of 400 buffers lands before the page is hidden
    expect(page.href).not.toBe(asked);
    autosave.hide();
    autosave.hide();
    page.href = asked;
    page.hash = new URL(asked).hash;
    const again = createAppStore({ scenarios: BUNDLED });
    again.getState().engineReady(startup(env).hash);
    expect(again.getState().current?.init?.db_block_buffers).toBe(400);
    autosave.stop();
  });

  it('keeps the edit of a tab whose address was replaced, and asks about the link again', () => {
    for (const replaced of [linkTo('seed000-8.0-test4').slice(0, 40), '#']) {
      const store = fresh();
      const { page, env, tick } = fakePage();
      const autosave = startAutosave(store, env, DEFAULT_SCENARIO_ID);
      store.getState().edit(withBuffers(300));
      tick();
      page.href = `https://example.org/repo/${replaced}`; // damaged link, or the bare URL
      page.hash = replaced;
      store.getState().linkArrived(replaced);
      expect(store.getState().pendingLink).not.toBeNull();
      autosave.hide();
      const again = createAppStore({ scenarios: BUNDLED });
      const start = startup(env);
      again.getState().engineReady(start.hash);
      expect(again.getState().current?.init?.db_block_buffers, replaced).toBe(300);
      expect(start.link).toBe(replaced);
      again.getState().linkArrived(start.link!);
      expect(again.getState().pendingLink?.hash).toBe(replaced);
      autosave.stop();
    }
  });

  it('opens the address, not the record, when the load is of another address', () => {
    const store = fresh();
    const { page, env } = fakePage();
    const autosave = startAutosave(store, env, DEFAULT_SCENARIO_ID);
    store.getState().edit(withBuffers(300));
    autosave.hide();
    const link = linkTo('seed000-8.0-test4', 3);
    page.href = `https://example.org/repo/${link}`;
    page.hash = link;
    expect(startup(env)).toEqual({ hash: link, link: null });
    autosave.stop();
  });

  it('keeps a state too long for the address in sessionStorage', () => {
    const store = fresh();
    const { env, data } = fakePage();
    store.getState().edit(withBuffers(300));
    // The real limit is 1 MiB (ADDRESS_MAX); a small one makes the same decision quickly.
    const next = addressFor(store.getState(), env.location.href, DEFAULT_SCENARIO_ID, 200);
    expect(next?.url).toBe('https://example.org/repo/');
    expect(next?.kept?.startsWith('v1=')).toBe(true);
    data.set(SESSION_KEY, next!.kept!);
    expect(startupHash(env)).toBe(`#${next!.kept}`);
  });
});
