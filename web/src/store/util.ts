// Small helpers the store's action modules share.
import { ScenarioError } from '../sim/engine';

/** Two JSON values alike (scenarios, compared as they would be saved). */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** What a thrown value says. */
export const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** A thrown value as the ScenarioError the editors show (one naming no field if it was not). */
export const asScenarioError = (e: unknown) =>
  e instanceof ScenarioError ? e : new ScenarioError('', message(e));
