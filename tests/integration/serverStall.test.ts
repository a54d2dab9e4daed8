/**
 * The reference server never stalls (issue 58 item 5): sign-ins hash on libuv's thread pool
 * with the asynchronous scrypt, and /metrics exports the event loop's delay. Structural
 * checks only: how long a stall lasts is measured by the bench (bench/scenarios/serverStall.ts),
 * not asserted here, for a loaded machine stalls anyway.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { scryptHooks } from '../../server/auth/passwords.ts';
import { startInProcess, type InProcessServer } from '../support/inProcessServer.ts';
import { signInHttp } from '../support/login.ts';
import { DEMO_PASSWORD } from '../support/plantServer.ts';
import { API } from '../../src/contract/paths.ts';

let server: InProcessServer;
beforeAll(async () => {
  server = await startInProcess();
});
afterAll(async () => {
  await server?.dispose();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the server does not stall on sign-ins', () => {
  it('ST1: 20 parallel sign-ins hash with the asynchronous scrypt, overlapping while the loop turns', async () => {
    const original = scryptHooks.scrypt;
    let pending = 0;
    let mostPending = 0;
    let turns = 0;
    let turnsWhileHashing = 0;
    let ticking = true;
    const tick = (): void => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const spy = vi.spyOn(scryptHooks, 'scrypt').mockImplementation(async (...args) => {
      pending++;
      mostPending = Math.max(mostPending, pending);
      const before = turns;
      try {
        return await original(...args);
      } finally {
        turnsWhileHashing = Math.max(turnsWhileHashing, turns - before);
        pending--;
      }
    });
    try {
      const sessions = await Promise.all(
        Array.from({ length: 20 }, () => signInHttp(server.url, 'operator')),
      );
      expect(sessions.every((s) => s.cookie.startsWith('pegel_session='))).toBe(true);
    } finally {
      ticking = false;
    }
    // Every sign-in checked its password through the asynchronous call …
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(20);
    // … several were hashing at once, and the event loop went on turning meanwhile.
    expect(mostPending).toBeGreaterThan(1);
    expect(turnsWhileHashing).toBeGreaterThan(0);
  });

  it('ST2: a password change hashes the new password asynchronously too', async () => {
    const spy = vi.spyOn(scryptHooks, 'scrypt');
    const user = await signInHttp(server.url, 'maintenance');
    spy.mockClear();
    const res = await user.fetch(API.user.changePassword, {
      method: 'POST',
      body: JSON.stringify({
        oldPassword: DEMO_PASSWORD,
        newPassword: 'Neu-Pegel-2026!xy',
        newConfirmation: 'Neu-Pegel-2026!xy',
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'Success' });
    // The old password checked, the new one hashed: both off the event loop.
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('ST3: /metrics exports the event-loop delay (p50, p99, longest) since the previous scrape', async () => {
    await fetch(`${server.url}/metrics`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toContain('# TYPE pegel_event_loop_delay_seconds gauge');
    for (const q of ['0.5', '0.99', '1'])
      expect(text).toMatch(
        new RegExp(
          `pegel_event_loop_delay_seconds\\{quantile="${q}"\\} \\d+(\\.\\d+)?(e-?\\d+)?\\n`,
        ),
      );
    expect(text).toMatch(/pegel_event_loop_delay_samples \d+/);
  });
});
