import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineNode } from '../sim/node';
import { createHistory } from './history';
import { freshStore } from './storeFixture';

beforeAll(() => loadEngineNode());

const fresh = () => {
  const app = freshStore();
  return { app, history: createHistory(app) };
};

const hot = (s: ReturnType<typeof fresh>['app']) =>
  s.getState().current?.init?._db_percent_hot_default;

const setHot = (app: ReturnType<typeof fresh>['app'], v: number) =>
  app.getState().edit((d) => ({ ...d, init: { ...d.init, _db_percent_hot_default: v } }));

describe('undo and redo of configuration edits', () => {
  it('undoes and redoes edits in order, at the same position', () => {
    const { app, history } = fresh();
    for (let i = 0; i < 5; i++) app.getState().step();
    setHot(app, 25);
    setHot(app, 0);
    expect(hot(app)).toBe(0);
    history.getState().undo();
    expect(hot(app)).toBe(25);
    expect(app.getState().sim?.position).toBe(5);
    history.getState().undo();
    expect(hot(app)).toBe(50);
    expect(app.getState().edited).toBe(false);
    history.getState().undo(); // nothing left: no change
    expect(hot(app)).toBe(50);
    history.getState().redo();
    history.getState().redo();
    expect(hot(app)).toBe(0);
    expect(history.getState().future).toEqual([]);
  });

  it('a new edit after an undo drops the redo stack', () => {
    const { app, history } = fresh();
    setHot(app, 25);
    history.getState().undo();
    expect(history.getState().future).toHaveLength(1);
    setHot(app, 75);
    expect(history.getState().future).toEqual([]);
    expect(history.getState().past).toHaveLength(1);
  });

  it('opening another scenario starts a new history; an invalid draft is not an edit', () => {
    const { app, history } = fresh();
    setHot(app, 25);
    app.getState().edit((d) => ({ ...d, init: { ...d.init, _db_percent_hot_default: 500 } }));
    expect(app.getState().draftError).not.toBeNull();
    expect(history.getState().past).toHaveLength(1);
    history.getState().undo();
    expect(hot(app)).toBe(50);
    expect(app.getState().draftError).toBeNull();
    app.getState().loadScenario('seed000-8.0-test1');
    expect(history.getState().past).toEqual([]);
    expect(history.getState().future).toEqual([]);
  });

  it('opening another scenario over an edited one keeps that one as the undo step', () => {
    const { app, history } = fresh();
    const id = app.getState().scenarioId;
    setHot(app, 25);
    setHot(app, 0);
    app.getState().loadScenario('seed000-8.0-test1');
    expect(app.getState().scenarioId).toBe('seed000-8.0-test1');
    expect(history.getState().past).toHaveLength(1);
    history.getState().undo();
    // the edited scenario is back, compared with the scenario it was edited from
    expect(hot(app)).toBe(0);
    expect(app.getState().scenarioId).toBe(id);
    expect(app.getState().edited).toBe(true);
    history.getState().redo();
    expect(app.getState().scenarioId).toBe('seed000-8.0-test1');
    expect(app.getState().edited).toBe(false);
    // a scenario opened over an unedited one starts an empty history
    app.getState().loadScenario('seed000-8.0-test2');
    expect(history.getState().past).toEqual([]);
  });
});
