// Practise's page (./ExercisePage), loaded only when the address asks for it (`?exercise`).
import { loading, part } from '../shared/lazy';
import { exerciseParam } from './session';

export const ExercisePage = part(
  () => import('./ExercisePage'),
  'ExercisePage',
  loading('the exercise'),
);

/** The address asks for an exercise (`?exercise` or `?exercise=<seed>`). */
export const exerciseMode = (): boolean =>
  typeof location !== 'undefined' && exerciseParam(location.search) !== null;
