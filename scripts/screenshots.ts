/**
 * Screenshots of pages as operators see them, at phone and wall-monitor widths:
 * `npx tsx scripts/screenshots.ts <outDir> /stations /stations/1 …` against a fresh server.
 * Options: `--lang=ru` (default de), `--alarm=AnaIn-200001` moves that PV's limits below its
 * value first, so the pages show a PV in alarm; `--click=<selector>` clicks the first element
 * it matches on each page before the screenshot (a dialog that element opens);
 * `--full` takes the whole page, not only the first screen; `--widths=1024,1920` replaces
 * the two widths (360 and 1920); `--history=7` gives the plant that many days of alert history, as `npm start` has (the test
 * server starts without); `--flood=10` starts an alarm flood of that many alarms a second
 * (PEGEL_ALERT_FLOOD_PER_SEC, each returning to normal after `--flood-clear=ms`, default 20 s).
 * `--tz=America/New_York` runs the browser in that zone (the plant keeps its own);
 * `--theme=dark` picks the dark theme; `--select=<selector>=<value>` chooses that option of the
 * first matching select before `--click` (a range picker's custom range).
 */
import { chromium } from 'playwright-core';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { signInHttp, type SignedIn } from '../tests/support/login.ts';
import { parsePvUrlId } from '../src/contract/keys.ts';
import { ACTION_EXTRA_API, PV_ACTION_API } from '../src/contract/actions.ts';
import type { PvLimitConfig, PvRef } from '../src/contract/pv.ts';
import { LANGUAGE_STORAGE_KEY } from '../src/app/languageKey.ts';

const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? null;
const [outDir = 'screenshots', ...paths] = args.filter((a) => !a.startsWith('--'));
const lang = option('lang') ?? 'de';
const alarm = option('alarm');
const click = option('click');
const history = option('history');
const full = args.includes('--full');
const flood = option('flood');
const floodClear = option('flood-clear');
const timezoneId = option('tz');
const theme = option('theme');
const select = option('select');

async function crossLimits(session: SignedIn, pv: PvRef): Promise<void> {
  const post = (path: string, body: unknown) =>
    session.fetch(path, { method: 'POST', body: JSON.stringify(body) });
  const old = (await (await post(ACTION_EXTRA_API.limitConfigs, [pv])).json()) as PvLimitConfig[];
  const res = await post(PV_ACTION_API.setAnaInLimits, {
    oldValues: old,
    newValues: old.map((l) => ({ ...l, limit: 0, delayTime: 0, notSet: false })),
  });
  if (!res.ok) throw new Error(`set-limits answered ${res.status}`);
}

const env: Record<string, string> = {
  ...(history ? { PEGEL_HISTORY_DAYS: history } : {}),
  ...(flood ? { PEGEL_ALERT_FLOOD_PER_SEC: flood } : {}),
  ...(floodClear ? { PEGEL_ALERT_FLOOD_CLEAR_MS: floodClear } : {}),
};
const server = await startPlantServer(Object.keys(env).length > 0 ? { env } : undefined);
try {
  const session = await signInHttp(server.url, 'operator');
  const alarmPv = alarm ? parsePvUrlId(alarm) : null;
  if (alarmPv) await crossLimits(session, alarmPv);
  const browser = await chromium.launch({
    executablePath: process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const widths = option('widths')?.split(',').map(Number) ?? [360, 1920];
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 780 : 1080 },
      baseURL: server.url,
      ...(timezoneId ? { timezoneId } : {}),
    });
    if (theme)
      await context.addInitScript((choice) => localStorage.setItem('pegel.theme', choice), theme);
    const [name, value] = session.cookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value!, url: server.url }]);
    await context.addInitScript(
      ([key, language]) => localStorage.setItem(key!, language!),
      [LANGUAGE_STORAGE_KEY, lang],
    );
    const page = await context.newPage();
    for (const path of paths.length ? paths : ['/']) {
      await page.goto(path);
      await page.waitForTimeout(2500);
      if (select) {
        const at = select.lastIndexOf('=');
        await page
          .locator(select.slice(0, at))
          .first()
          .selectOption(select.slice(at + 1));
        await page.waitForTimeout(1000);
      }
      if (click) {
        await page.locator(click).first().click();
        await page.waitForTimeout(1000);
      }
      const variant = theme ? `-${theme}` : '';
      const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${lang}${variant}-${width}.png`;
      await page.screenshot({ path: file, fullPage: full });
      console.log(file);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await server.dispose();
}
