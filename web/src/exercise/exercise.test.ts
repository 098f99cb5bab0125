import { beforeAll, describe, expect, it } from 'vitest';
import { SimRun } from '../sim/engine';
import { loadEngineNode } from '../sim/node';
import { hasSerialDirectReads, profiles } from '../sim/profile';
import { buildExercise, checkAnswer, questionAt, QUESTION_KINDS } from './exercise';
import { EXERCISE_PROFILES_V1, planExercise, SET_MAX, SET_MIN } from './generate';
import { replayAnswers } from './replay';
import { Rng } from './rng';

beforeAll(() => loadEngineNode());

describe('the seeded generator', () => {
  it('is the engine’s SplitMix64 (common.rs), bit for bit', () => {
    // Vigna's reference splitmix64.c from seed 1234567
    const r = new Rng(1234567);
    expect(r.nextU64()).toBe(6457827717110365317n);
    expect(r.nextU64()).toBe(3203168211198807973n);
  });

  it('gives the same exercise for the same seed', () => {
    const a = buildExercise(42);
    const b = buildExercise(42);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(buildExercise(43).scenario)).not.toBe(JSON.stringify(a.scenario));
  });
});

describe('1,000 exercises: every answer key is the engine’s own', () => {
  // about 3 s alone; a shared machine running the whole suite needs more (a bound, not a timing)
  it(
    'replays each question on a fresh handle and reads the same answer from its state',
    { timeout: 120_000 },
    () => {
      const seen = { profile: new Set<string>(), kind: new Map<string, Set<string>>() };
      const caches = new Set<string>();
      /** Per profile of a buffer cache exercise: the kinds asked, with their answers. */
      const byProfile = new Map<string, Set<string>>();
      let questions = 0;
      for (let seed = 1; seed <= 1000; seed++) {
        const ex = buildExercise(seed);
        caches.add(ex.cache);
        seen.profile.add(`${ex.cache} ${ex.scenario.profile}`);
        const replayed = replayAnswers(ex);
        ex.questions.forEach((q, i) => {
          questions += 1;
          if (replayed[i] !== q.answer)
            expect.fail(
              `seed ${seed}, question ${i} (${q.kind} at ${q.position}): key ${q.answer}, replay ${replayed[i]}`,
            );
          const answers = seen.kind.get(q.kind) ?? new Set<string>();
          answers.add(
            q.kind === 'victim' || q.kind === 'bucket' || q.kind === 'pool_set' ? '*' : q.answer,
          );
          seen.kind.set(q.kind, answers);
          expect(q.choices.some((c) => c.id === q.answer)).toBe(true);
          if (ex.cache === 'buffer') {
            const asked = byProfile.get(ex.scenario.profile) ?? new Set<string>();
            asked.add(q.kind).add(`${q.kind}:${q.answer}`);
            byProfile.set(ex.scenario.profile, asked);
          }
        });
        expect(ex.questions.length).toBeGreaterThanOrEqual(4);
      }
      expect(questions).toBeGreaterThan(5000);
      expect(caches).toEqual(new Set(['buffer', 'library']));
      // every profile the exercises draw from (pinned per format: pinned.test), for both caches
      for (const p of EXERCISE_PROFILES_V1) {
        expect(seen.profile).toContain(`buffer ${p}`);
        expect(seen.profile).toContain(`library ${p}`);
      }
      // under every profile: hits, misses and victims; a scan reads direct only where the
      // profile's row has serial direct reads, and then sometimes does not
      for (const p of EXERCISE_PROFILES_V1) {
        const asked = byProfile.get(p) ?? new Set<string>();
        for (const k of ['victim', 'hit_miss:hit', 'hit_miss:miss', 'scan:buffered'])
          expect(asked, `${k} under ${p}`).toContain(k);
        expect(asked.has('scan:direct'), `direct scans under ${p}`).toBe(hasSerialDirectReads(p));
      }
      // every kind of question, with each of its answers
      expect([...seen.kind.keys()].sort()).toEqual([...QUESTION_KINDS].sort());
      expect(seen.kind.get('hit_miss')).toEqual(new Set(['hit', 'miss']));
      expect(seen.kind.get('scan')).toEqual(new Set(['direct', 'buffered']));
      expect(seen.kind.get('parse')).toEqual(new Set(['soft', 'hard']));
      expect(seen.kind.get('placement')).toEqual(new Set(['head', 'midpoint', 'tail', 'stays']));
    },
  );
});

describe('scenarios', () => {
  it('cover the engine’s profiles and read direct only where the profile can', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const plan = planExercise(seed);
      expect(profiles()).toContain(plan.profile);
    }
  });

  it('give a buffer cache of 8 to 32 buffers, every working set 8 or more (teaching.small_cache)', () => {
    const sizes = new Set<number>();
    for (let seed = 1; seed <= 200; seed++) {
      const plan = planExercise(seed);
      if (plan.cache !== 'buffer') continue;
      expect(plan.scenario.teaching).toEqual({ small_cache: true });
      const run = SimRun.create(plan.scenario);
      try {
        const sets = run.layoutInfo().sets.map((s) => s.hi - s.lo);
        for (const n of sets) expect(n).toBeGreaterThanOrEqual(SET_MIN);
        const total = sets.reduce((a, b) => a + b, 0);
        expect(total).toBeLessThanOrEqual(SET_MAX);
        sizes.add(total);
      } finally {
        run.free();
      }
    }
    expect(Math.min(...sizes)).toBeLessThan(12);
    expect(Math.max(...sizes)).toBeGreaterThan(28);
  });

  it('without teaching.small_cache the engine refuses the small cache as Oracle would', () => {
    const plan = planExercise(2);
    const oracle = { ...plan.scenario };
    delete oracle.teaching;
    expect(() => SimRun.create(oracle)).toThrow(/below the minimum 50/);
  });
});

describe('the checker', () => {
  it('marks the key right and any other choice wrong, explaining with the step’s narration', () => {
    const ex = buildExercise(7);
    const q = questionAt(ex, 0);
    expect(q).not.toBeNull();
    if (!q) return;
    const right = checkAnswer(q, q.answer);
    expect(right.correct).toBe(true);
    expect(right.explanation.length).toBeGreaterThan(0);
    const other = q.choices.find((c) => c.id !== q.answer);
    if (!other) throw new Error('a question has two choices at least');
    const wrong = checkAnswer(q, other.id);
    expect(wrong.correct).toBe(false);
    expect(wrong.expected.id).toBe(q.answer);
    expect(wrong.explanation).toEqual(q.explanation);
    expect(wrong.explanation.every((l) => q.narration.includes(l))).toBe(true);
    expect(questionAt(ex, ex.questions.length)).toBeNull();
  });

  it('explains every kind of question with the narration line that decides it', () => {
    const decisive: Record<string, string[]> = {
      hit_miss: ['hit', 'miss'],
      pool_set: ['miss'],
      placement: ['hit', 'insert'],
      victim: ['victim'],
      scan: ['scan_start'],
      parse: ['soft_parse', 'hard_parse'],
      bucket: ['statement'],
    };
    for (let seed = 1; seed <= 60; seed++) {
      for (const q of buildExercise(seed).questions) {
        const kinds = q.explanation.map((l) => l.kind);
        expect(kinds.some((k) => decisive[q.kind].includes(k))).toBe(true);
      }
    }
  });
});
