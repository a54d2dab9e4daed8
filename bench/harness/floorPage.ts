/**
 * Floor pages (bench/baseline/floor/): a copy of a Pegel tab's page that writes the same
 * texts with plain DOM calls. `takeFloorSnapshot` copies the page a Pegel tab of the run
 * shows; `loadFloorPage` starts the floor page (served beside the baseline) on a copy.
 */
import type { Page } from 'playwright-core';
import { FLOOR_SNAPSHOT, type FloorSnapshot, type FloorView } from '../baseline/floor/snapshot.ts';
import { BASELINE_PATH } from './baselineBundle.ts';
import { waitBaselineConnected } from './baselineProbe.ts';
import { waitForExpression } from './waitForExpression.ts';

export type { FloorSnapshot, FloorView };

/** The floor page's address on the server's origin (served with the baseline). */
export const FLOOR_PATH = `${BASELINE_PATH}floor.html`;

export async function takeFloorSnapshot(page: Page): Promise<FloorSnapshot> {
  return (await page.evaluate(FLOOR_SNAPSHOT)) as FloorSnapshot;
}

type FloorWindow = Window & {
  __floorLoad(view: FloorView, snapshot: FloorSnapshot): Promise<number>;
};

/**
 * Starts the floor page open in `page` (FLOOR_PATH, its viewport set) on `snapshot`, and waits
 * until its hub connection has subscribed.
 */
export async function loadFloorPage(
  page: Page,
  view: FloorView,
  snapshot: FloorSnapshot,
): Promise<void> {
  await waitForExpression(page, `typeof window.__floorLoad === 'function'`);
  const writers = await page.evaluate(
    ({ view, snapshot }) => (window as unknown as FloorWindow).__floorLoad(view, snapshot),
    { view, snapshot },
  );
  if (writers === 0) throw new Error(`the floor page found nothing to write on the ${view} copy`);
  await waitBaselineConnected([page]);
}
