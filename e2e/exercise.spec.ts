// Practise (issue 27): `?exercise=<seed>` opens a generated exercise; the learner answers each
// question with the keyboard or a click (a victim is clicked in the buffer map), the verdict is
// announced with the step's narration, the score counts, and the same seed gives the same
// exercise. axe-core at 1024×768 and 390×844; screenshots into docs/screens/exercise-*.png.
import AxeBuilder from '@axe-core/playwright';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { watch } from './site';

/** A buffer cache exercise (8.0, 21 buffers in two working sets) whose fourth question is a victim. */
const BUFFER_SEED = 25;
/** A touch-count one (8.1.5, 20 buffers in two working sets) whose fourth question is a victim. */
const TOUCH_SEED = 13;
/** A library cache exercise (11.2.0.1, cursor_sharing FORCE). */
const LIBRARY_SEED = 3;

const shot = (name: string) =>
  fileURLToPath(new URL(`../docs/screens/exercise-${name}.png`, import.meta.url));

async function open(page: Page, seed: number) {
  await page.goto(`/?exercise=${seed}`);
  await expect(page.getByTestId('exercise-question')).toBeVisible();
  await expect(page.getByTestId('exercise-seed')).toHaveText(`exercise ${seed}`);
}

async function serious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target.join(' ')}`);
}

/**
 * Answer the question on show: a victim by its first buffer in the map (clicked, or focused
 * and Enter with `keys`), else choice 1 by its key.
 */
async function answer(page: Page, keys = false) {
  const q = page.getByTestId('exercise-question');
  if ((await q.getAttribute('data-kind')) === 'victim') {
    const cell = page.locator('[data-testid="buffer-map"] [data-picking] button').first();
    if (keys) {
      await cell.focus();
      await page.keyboard.press('Enter');
    } else await cell.click();
  } else {
    await page.keyboard.press('1');
  }
  await expect(q).toHaveAttribute('data-answered', /right|wrong/);
}

test('an exercise is answered with the keyboard and the map, explained and scored', async ({
  page,
}) => {
  const w = watch(page);
  await open(page, BUFFER_SEED);
  const q = page.getByTestId('exercise-question');
  const total = Number((await q.locator('.exercise-heading').innerText()).match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(4);
  let right = 0;
  for (let i = 1; i <= total; i++) {
    await expect(q.locator('.exercise-heading')).toContainText(`Question ${i} of ${total}`);
    await answer(page, true);
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toHaveAttribute('aria-live', 'polite');
    await expect(verdict).toContainText(/Right\.|Not this time\./);
    if ((await q.getAttribute('data-answered')) === 'right') right += 1;
    // the explanation is the step's narration: what happened and the rule behind it
    await expect(q.locator('.exercise-explanation li').first()).toBeVisible();
    await expect(q.locator('.exercise-explanation .why').first()).not.toBeEmpty();
    await expect(page.getByTestId('exercise-score')).toContainText(`Score ${right} of ${i}`);
    // the focus is on Next: Enter takes it, and so does N from anywhere
    await expect(page.getByTestId('exercise-next')).toBeFocused();
    await page.keyboard.press(i % 2 ? 'Enter' : 'n');
  }
  await expect(page.getByTestId('exercise-done')).toContainText(`${right} of ${total}`);
  w.expectClean(new URL(page.url()).origin);
});

test('a wrong answer shows the engine’s answer and its narration', async ({ page }) => {
  await open(page, LIBRARY_SEED);
  const q = page.getByTestId('exercise-question');
  // the first statement of the exercise is new: a hard parse, so "soft" is wrong
  await expect(q).toHaveAttribute('data-kind', 'parse');
  await q.locator('[data-choice="soft"]').click();
  await expect(q).toHaveAttribute('data-answered', 'wrong');
  await expect(page.getByTestId('verdict')).toContainText('the engine says Hard parse');
  await expect(q.locator('.exercise-explanation')).toContainText('hard parse');
  await expect(page.getByTestId('exercise-cursors')).toContainText('SELECT');
});

test('the same seed gives the same exercise; Practise in the header starts one', async ({
  page,
}) => {
  await open(page, BUFFER_SEED);
  const prompt = await page.locator('.exercise-prompt').innerText();
  await page.reload();
  await expect(page.locator('.exercise-prompt')).toHaveText(prompt);
  await expect(page.getByTestId('exercise-seed-note')).toHaveCount(0);
  // a seed that is no exercise number opens the exercise its text names, and says so
  await page.goto('/?exercise=12345678901');
  await expect(page.getByTestId('exercise-question')).toBeVisible();
  await expect(page.getByTestId('exercise-seed-note')).toContainText(
    '“12345678901” is not an exercise number',
  );
  const named = (await page.getByTestId('exercise-seed').innerText()).replace('exercise ', '');
  await expect(page.getByTestId('exercise-seed-note')).toContainText(`this is exercise ${named}`);
  await page.getByRole('link', { name: 'Back to the simulator' }).click();
  await expect(page.locator('[data-testid="pool-row"]').first()).toBeVisible();
  await page.getByTestId('tour-close').click();
  await page.getByTestId('scenario-select').selectOption('lecture:+practise');
  await expect(page.getByTestId('exercise-question')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('exercise')).toMatch(/^\d+$/);
});

for (const [width, height] of [
  [1024, 768],
  [390, 844],
]) {
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('Practise is in the scenario list, and the header does not overflow', async ({
      page,
    }, testInfo) => {
      await page.goto('/');
      await expect(page.locator('[data-testid="pool-row"]').first()).toBeVisible();
      await expect(
        page.getByTestId('scenario-select').locator('option[value="lecture:+practise"]'),
      ).toHaveText(/Practise/);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`header-${width}.png`) });
    });

    test('axe-core finds nothing serious; screenshots', async ({ page }) => {
      await open(page, BUFFER_SEED);
      expect(await serious(page)).toEqual([]);
      await page.screenshot({ path: shot(`question-${width}x${height}`) });
      for (const [seed, name] of [
        [BUFFER_SEED, 'victim'],
        [TOUCH_SEED, 'victim-touch'],
      ] as const) {
        await open(page, seed);
        // go to the victim question: the buffers are buttons to click
        const q = page.getByTestId('exercise-question');
        while ((await q.getAttribute('data-kind')) !== 'victim') {
          await answer(page);
          await page.getByTestId('exercise-next').click();
        }
        await expect(page.locator('[data-picking] button').first()).toBeVisible();
        expect(await serious(page)).toEqual([]);
        await page.screenshot({ path: shot(`${name}-${width}x${height}`) });
        await answer(page);
        expect(await serious(page)).toEqual([]);
        await page.screenshot({
          path: shot(`${name.replace('victim', 'verdict')}-${width}x${height}`),
        });
      }

      await open(page, LIBRARY_SEED);
      await answer(page);
      expect(await serious(page)).toEqual([]);
      await page.screenshot({ path: shot(`library-${width}x${height}`) });
    });
  });
}
