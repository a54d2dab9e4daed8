/**
 * Energy optimisation and pipe leakage in the browser (issue "Energy optimisation and pipe
 * leakage"): the period's rest time counts down in mm:ss, a station's values are labelled in
 * the user's language with the right plurals, and a simulated leak turns its zone to Leak with
 * its alarm mark and the count of zones in leak — rules EL-E1, EL-E2.
 */
import { expect, testOnPlant } from './fixtures.ts';
import { signIn } from './auth.ts';
import { signInHttp } from '../support/login.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';
import { LEAKAGE_API } from '../../src/contract/leakage.ts';

// A leak is detected after 3 s here instead of a minute.
const test = testOnPlant({ PEGEL_LEAK_DETECTION_MS: '3000' });

const seconds = (mmss: string) => {
  const [m, s] = mmss.split(':').map(Number);
  return m! * 60 + s!;
};

test('EL-E1: the energy overview counts the period down in mm:ss; a station shows every value, in Russian with its plurals', async ({
  page,
}) => {
  await signIn(page, 'operator', '/energy');
  const card = page.locator('[data-energy-station="2"]');
  await expect(card.getByRole('link', { name: 'Wasserwerk Talaue' })).toBeVisible();
  const rest = card.locator('.energy-rest time');
  await expect(rest).toHaveText(/^\d\d:\d\d$/);
  const first = seconds((await rest.textContent())!);
  await expect
    .poll(async () => seconds((await rest.textContent())!), { timeout: 10_000 })
    .not.toBe(first);
  await expect(card).toContainText('Sollleistung');
  await expect(card).toContainText('135 kW');

  await page.evaluate(([key]) => localStorage.setItem(key!, 'ru'), [LANGUAGE_STORAGE_KEY]);
  await page.goto('/energy/2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wasserwerk Talaue');
  const facts = page.locator('.energy-facts').first();
  await expect(facts).toContainText('Согласованная мощность');
  await expect(facts).toContainText('Остаток периода');
  // 0 minutes takes the Russian "many" form: "0 минут"; the value does not repeat its label.
  const priority = facts.locator('dt', { hasText: 'Приоритетная работа сегодня' });
  await expect(priority.locator('+ dd')).toHaveText(/^\d+ минут[аы]?$/);
  // No value repeats the label beside it.
  for (const dt of await facts.locator('dt').all()) {
    const label = (await dt.textContent())!.trim().toLowerCase();
    await expect(dt.locator('+ dd')).not.toContainText(label, { ignoreCase: true });
  }
  // The period chart draws the period's power from the first value on: its mean up to now
  // and the power now, not only the setpoint line.
  const chart = page.locator('.energy-chart svg');
  await expect(chart).toBeVisible();
  const mean = chart.locator('.energy-chart-mean');
  await expect.poll(async () => Number(await mean.getAttribute('width'))).toBeGreaterThan(0);
  // Its height is the period's mean (0 while the pumps stand), said in its title.
  await expect(mean.locator('title')).toHaveText(/^Среднее за период: \d+,\d kW$/);
  await expect(chart.locator('.energy-chart-now')).toHaveCount(1);
  await expect(page.locator('.energy-chart-legend')).toContainText('Среднее за период');
  // A station without a CHP unit has no BHKW row that would always stay empty.
  await expect(facts.locator('[data-field="bhkwLeistung"]')).toHaveCount(0);
  // Specific energy from the archive, in kWh/m³ with the Russian unit heading.
  const specific = page.locator('.energy-specific');
  await expect(specific.locator('[data-span="week"]')).toContainText('Последние 7 дней');
  await expect(specific.locator('[data-span="week"] td').last()).toHaveText(/^0,\d{3}$/);
  // The treatment plant burns its digester gas in a CHP unit: its output has a value.
  await page.goto('/energy/9');
  await expect(page.locator('dd[data-field="bhkwLeistung"]')).toHaveText(/^\d[\d\s]*,\d kW$/);
});

test('EL-E2: a simulated leak turns its zone to Leak with its alarm mark; the count of zones in leak reads right in Russian', async ({
  page,
  plant,
}) => {
  test.setTimeout(60_000);
  await page.addInitScript(([key]) => localStorage.setItem(key!, 'ru'), [LANGUAGE_STORAGE_KEY]);
  await signIn(page, 'operator', '/leakage');
  // Zone 1 is measured by a station on a fixed line: its figures are current (a zone of a
  // dial-up station that is not connected reads stale instead, OT2).
  const row = page.locator('[data-leak-section="1"]');
  await expect(row).toContainText('Герметична');
  await expect(page.locator('.leak-summary')).toContainText('Нет сигнала утечки');

  const admin = await signInHttp(plant.url, 'admin');
  const res = await admin.fetch(LEAKAGE_API.simulateLeak, {
    method: 'POST',
    body: JSON.stringify({ pipeLeakageId: 1, flow: 20 }),
  });
  expect(res.status).toBe(200);
  await expect(row).toContainText('Утечка', { timeout: 20_000 });
  await expect(row.locator('.alarm-mark')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.leak-summary')).toContainText('1 зона с утечкой');
  // The alert reaches the alarm banner like every other alarm.
  await expect(page.locator('.alarm-banner')).toContainText(/неквитированн/);
  await page.goto('/leakage/1');
  await expect(page.locator('.leak-alarm .alarm-mark')).toBeVisible();
  await expect(page.getByText(/\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d/).first()).toBeVisible();
});
