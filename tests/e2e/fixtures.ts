/**
 * Playwright fixtures: each worker gets its own reference plant server (real server, real
 * SQLite, fresh data folder), and `baseURL` points at it.
 */
import { test as base } from '@playwright/test';
import { startPlantServer, type PlantServerHandle } from '../support/plantServer.ts';

export const test = base.extend<{ baseURL: string }, { plant: PlantServerHandle }>({
  plant: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startPlantServer();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ plant }, use) => {
    await use(plant.url);
  },
});

/**
 * The same fixtures on a plant with settings of its own (the reference server's environment,
 * e.g. pumps that fail often), one per worker like the default one.
 */
export function testOnPlant(env: Record<string, string>) {
  return test.extend<object, { plant: PlantServerHandle }>({
    plant: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startPlantServer({ env });
        await use(server);
        await server.dispose();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}

export { expect } from '@playwright/test';
