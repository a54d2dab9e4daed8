/** SPEC §7 "POST /api/Pv/configs", §8, §9 — rules PC1-PC5 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { pvKey } from '../../../src/contract/keys.ts';
import { HttpError } from '../../../workers/restClient.ts';
import { aiKey, aiRef, createHarness, pvConfig } from '../../support/engine/engineHarness.ts';

describe('PV configs', () => {
  it('PC1: requests within 50 ms go out as one call', async () => {
    const h = createHarness();
    const results = [h.engine.getPvConfigs([aiRef(1)])];
    await h.timers.advance(20);
    results.push(h.engine.getPvConfigs([aiRef(2), aiRef(1)]));
    await h.timers.advance(29);
    expect(h.configRequests).toHaveLength(0);
    await h.timers.advance(1);
    expect(h.configRequests).toEqual([[aiRef(1), aiRef(2)]]);
    const [first, second] = await Promise.all(results);
    expect(first).toEqual([{ state: 'ready', config: pvConfig(aiRef(1)) }]);
    expect(second?.map((r) => r.state)).toEqual(['ready', 'ready']);
  });

  it("PC2: a key the server does not return fails with 'No value returned for {key}'", async () => {
    const h = createHarness();
    h.answerConfigsWith(async (refs) => refs.filter((r) => r.nr !== 3).map(pvConfig));
    const result = h.engine.getPvConfigs([aiRef(1), aiRef(3)]);
    await h.timers.advance(50);
    expect(await result).toEqual([
      { state: 'ready', config: pvConfig(aiRef(1)) },
      { state: 'error', error: `No value returned for ${pvKey(aiRef(3))}` },
    ]);
  });

  it('PC3: a call unanswered after 5000 ms fails with Timeout', async () => {
    const h = createHarness();
    h.answerConfigsWith(() => new Promise(() => undefined));
    let result: unknown;
    void h.engine.getPvConfigs([aiRef(1)]).then((r) => (result = r));
    await h.timers.advance(50 + 4_999);
    expect(result).toBeUndefined();
    await h.timers.advance(1);
    expect(result).toEqual([{ state: 'error', error: 'Timeout' }]);
  });

  it('PC4: a leased config is cached and shared: later requests make no call', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'pvConfig', [aiKey(1)]);
    await h.timers.advance(100);
    expect(h.configRequests).toHaveLength(1);
    await h.tab('b');
    await h.engine.lease('b', 'pvConfig', [aiKey(1)]);
    const again = await h.engine.getPvConfigs([aiRef(1)]);
    await h.timers.advance(100);
    expect(h.configRequests).toHaveLength(1);
    expect(again).toEqual([{ state: 'ready', config: pvConfig(aiRef(1)) }]);
  });

  it('PC5: a tab leasing a config gets loading, then ready, then pushed changes in frames', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    await h.engine.lease('a', 'pvConfig', [aiKey(1)]);
    await h.timers.advance(49);
    await h.timers.advance(60);
    const changed = { ...pvConfig(aiRef(1)), name: 'Zulauf' };
    h.hubs.hub('pv').emit('newConfig', changed);
    await h.timers.advance(50);
    const entries = a.frames().flatMap((f) => f.pvConfigs);
    expect(entries).toEqual([
      [aiKey(1), { state: 'loading' }],
      [aiKey(1), { state: 'ready', config: pvConfig(aiRef(1)) }],
      [aiKey(1), { state: 'ready', config: changed }],
    ]);
  });

  it('PC5b: a change pushed while the call is under way is not overwritten by its answer', async () => {
    const h = createHarness();
    let answer: (() => void) | null = null;
    // The server read the config before the change; its answer arrives after the push.
    h.answerConfigsWith(
      (refs) => new Promise((resolve) => (answer = () => resolve(refs.map(pvConfig)))),
    );
    const a = await h.tab('a');
    await h.engine.lease('a', 'pvConfig', [aiKey(1)]);
    await h.timers.advance(50);
    expect(answer).not.toBeNull();
    const changed = { ...pvConfig(aiRef(1)), name: 'Zulauf' };
    h.hubs.hub('pv').emit('newConfig', changed);
    answer!();
    await h.timers.advance(100);
    expect(
      a
        .frames()
        .flatMap((f) => f.pvConfigs)
        .at(-1),
    ).toEqual([aiKey(1), { state: 'ready', config: changed }]);
    expect(await h.engine.getPvConfigs([aiRef(1)])).toEqual([{ state: 'ready', config: changed }]);
  });

  it('PC5: a failed call reaches the leasing tab as an error entry', async () => {
    const h = createHarness();
    h.answerConfigsWith(async () => {
      throw new Error('Netzwerkfehler');
    });
    const a = await h.tab('a');
    await h.engine.lease('a', 'pvConfig', [aiKey(1)]);
    await h.timers.advance(200);
    expect(
      a
        .frames()
        .flatMap((f) => f.pvConfigs)
        .at(-1),
    ).toEqual([aiKey(1), { state: 'error', error: 'Netzwerkfehler' }]);
  });

  it('SE3: a 401 answer ends the session in every tab', async () => {
    const h = createHarness();
    h.answerConfigsWith(async () => {
      throw HttpError.ofStatus(401, "/api/Pv/configs: Status code '401'");
    });
    const a = await h.tab('a');
    const b = await h.tab('b');
    void h.engine.getPvConfigs([aiRef(1)]);
    await h.timers.advance(100);
    expect(a.sessionEnded()).toBe(1);
    expect(b.sessionEnded()).toBe(1);
  });
});
