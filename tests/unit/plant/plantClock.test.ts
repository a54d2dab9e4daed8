import { describe, expect, it } from 'vitest';
import { FakeTimers } from '../../support/engine/FakeTimers.ts';
import { makePlant, START } from './plantFixtures.ts';

/** The plant's interval fires once per `fire()`: one tick (1 s) of fake time. */
function manualTimers() {
  const timers = new FakeTimers(START);
  return { timers, fire: () => timers.advance(1_000), active: () => timers.pending > 0 };
}

/** A started plant on a wall clock the test sets, counting the value batches it sends. */
function startedPlant() {
  const clock = { wall: START };
  const t = manualTimers();
  const plant = makePlant({ now: () => clock.wall, timers: t.timers });
  let batches = 0;
  plant.on('values', () => batches++);
  plant.start();
  return { clock, t, plant, batches: () => batches };
}

describe('STYLE: injected time of the simulated plant', () => {
  it('PL40: start() follows the injected clock on the injected timer; stop() ends it', async () => {
    const { clock, t, plant, batches } = startedPlant();
    expect(t.active()).toBe(true);
    clock.wall += 3_000;
    await t.fire();
    expect(plant.time()).toBe(START + 3_000);
    expect(batches()).toBe(3);
    plant.stop();
    expect(t.active()).toBe(false);
  });

  it('PL41: after a long pause time jumps instead of replaying hours of ticks', async () => {
    const { clock, t, plant, batches } = startedPlant();
    clock.wall += 5 * 3_600_000;
    await t.fire();
    expect(plant.time()).toBe(clock.wall);
    expect(batches()).toBe(1);
    plant.stop();
  });
});
