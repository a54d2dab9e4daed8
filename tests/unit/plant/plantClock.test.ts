import { describe, expect, it } from 'vitest';
import type { PlantTimers } from '../../../server/plant/timers.ts';
import { makePlant, START } from './plantFixtures.ts';

/** Timers driven by the test: `fire()` runs the interval callback once. */
function manualTimers() {
  let callback: (() => void) | null = null;
  const timers: PlantTimers = {
    setInterval: (cb) => {
      callback = cb;
      return 1;
    },
    clearInterval: () => {
      callback = null;
    },
  };
  return { timers, fire: () => callback?.(), active: () => callback !== null };
}

describe('STYLE: injected time of the simulated plant', () => {
  it('PL40: start() follows the injected clock on the injected timer; stop() ends it', () => {
    let wall = START;
    const t = manualTimers();
    const plant = makePlant({ now: () => wall, timers: t.timers });
    let batches = 0;
    plant.on('values', () => batches++);
    plant.start();
    expect(t.active()).toBe(true);
    wall += 3_000;
    t.fire();
    expect(plant.time()).toBe(START + 3_000);
    expect(batches).toBe(3);
    plant.stop();
    expect(t.active()).toBe(false);
  });

  it('PL41: after a long pause time jumps instead of replaying hours of ticks', () => {
    let wall = START;
    const t = manualTimers();
    const plant = makePlant({ now: () => wall, timers: t.timers });
    let batches = 0;
    plant.on('values', () => batches++);
    plant.start();
    wall += 5 * 3_600_000;
    t.fire();
    expect(plant.time()).toBe(wall);
    expect(batches).toBe(1);
    plant.stop();
  });
});
