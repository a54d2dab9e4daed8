/**
 * The plant of the idle station page's tools (`trace-station.ts`, `idle-windows.ts`): the load
 * server with 10 stations of 200 PVs and nothing changing, no limit on heavy calls, and a
 * browser signed in to it in a 1920 × 1080 page. `serverStart` dates the PVs' values, which
 * the tools wait on for ages in minutes.
 */
import type { Browser, Page } from 'playwright-core';
import { startPlantServer, type PlantServerHandle } from '../../tests/support/plantServer.ts';
import { launchChromium } from './browser.ts';
import { signedInContext } from './signIn.ts';

export interface IdleStationPlant {
  server: PlantServerHandle;
  serverStart: number;
  browser: Browser;
  page: Page;
}

export async function startIdleStationPlant(): Promise<IdleStationPlant> {
  const server = await startPlantServer({
    env: {
      PEGEL_RATE_HEAVY_PER_MIN: '0',
      PEGEL_LOAD_STATIONS: '10',
      PEGEL_LOAD_PVS_PER_STATION: '200',
      PEGEL_LOAD_UPDATES_PER_SEC: '0',
    },
  });
  const serverStart = Date.now();
  const browser = await launchChromium().catch(async (err: unknown) => {
    await server.dispose();
    throw err;
  });
  try {
    const context = await signedInContext(browser, server.url);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    return { server, serverStart, browser, page };
  } catch (err) {
    await browser.close();
    await server.dispose();
    throw err;
  }
}
