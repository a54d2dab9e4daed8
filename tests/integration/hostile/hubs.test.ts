/**
 * Hostile arguments to every method of every hub, enumerated from the hub definitions as
 * registered (`HubServer.methodTable()`), so a new hub method cannot be missed: no, wrong,
 * extra, huge and deep arguments, unicode edge cases and an unknown method. Each invocation
 * gets a completion (a clear error or a result), the connection stays up, and the server
 * keeps serving — rule HO3.
 */
import * as signalR from '@microsoft/signalr';

import { describe, expect, it } from 'vitest';
import { signedInProcess } from '../../support/serverPerFile.ts';
import { buildClient } from '../../support/hubTestServer.ts';

const plant = signedInProcess(['admin']);

const deep = (n: number): unknown => (n === 0 ? 'k' : [deep(n - 1)]);
const ARGUMENTS: [name: string, args: unknown[]][] = [
  ['none', []],
  ['null', [null]],
  ['number', [-1]],
  ['string', ['ai100001']],
  ['object', [{ __proto__: { admin: true }, keys: ['x'] }]],
  ['list of junk', [[null, -1, 1e308, {}, [], true, '']]],
  ['huge list', [Array.from({ length: 5_000 }, (_, i) => `ai${i}`)]],
  ['deep', [deep(500)]],
  ['unicode', [['\u0000', '\ud800', '😀'.repeat(1000), '\u202e', '../../etc/passwd']]],
  ['extra arguments', [['ai100001'], 1, 'x', null]],
  ['many arguments', Array.from({ length: 100 }, () => 'x')],
];

describe('hostile hub invocations', () => {
  it('HO3: every method of every hub answers hostile arguments with a completion and stays up', async () => {
    const table = plant.server.server.hubs.server.methodTable();
    expect(table.length).toBeGreaterThanOrEqual(9);
    let tried = 0;
    const failures: string[] = [];
    for (const hub of table) {
      const conn = buildClient(plant.server.url + hub.path, { cookie: plant.admin.cookie });
      await conn.start();
      try {
        for (const method of [...hub.methods, 'NoSuchMethod']) {
          for (const [name, args] of ARGUMENTS) {
            tried++;
            // An unexpected failure of the method reads 'An unexpected error occurred invoking …'.
            const answer = await conn.invoke(method, ...args).then(
              () => 'ok',
              (err: unknown) => (err instanceof Error ? err.message : String(err)),
            );
            if (conn.state !== signalR.HubConnectionState.Connected)
              failures.push(`${hub.name}.${method}(${name}) closed the connection: ${answer}`);
            if (/unexpected error|internal|TypeError|RangeError|undefined/i.test(answer))
              failures.push(`${hub.name}.${method}(${name}) -> ${answer.slice(0, 100)}`);
          }
        }
      } finally {
        await conn.stop();
      }
      // The hub still serves a fresh connection after all of it.
      const again = buildClient(plant.server.url + hub.path, { cookie: plant.admin.cookie });
      await again.start();
      expect(again.state, hub.name).toBe(signalR.HubConnectionState.Connected);
      await again.stop();
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(200);
    // And the HTTP side too.
    expect((await plant.admin.fetch('/api/UserManagement/info')).status).toBe(200);
  }, 120_000);
});
