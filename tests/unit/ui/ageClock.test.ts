// @vitest-environment happy-dom
/**
 * The tab's age clock (src/ui/ageClock.ts, issue 44): it sleeps until an age on screen
 * changes its text (formatAge's steps: seconds under a minute, then minutes), at most once a
 * second; an age not due is neither formatted nor written, and a hidden page runs no timer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatAge, nextAgeStepMs } from '../../../src/domain/format.ts';

const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);

async function freshClock() {
  vi.resetModules();
  return import('../../../src/ui/ageClock.ts');
}

/** An age watched without an IntersectionObserver: on screen from the start. */
function counting() {
  const writes: string[] = [];
  let formatted = 0;
  const text = (ms: number) => {
    formatted++;
    return formatAge(ms, 'de');
  };
  const write = (_: Element, t: string) => void writes.push(t);
  return { writes, text, write, formatted: () => formatted };
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('age clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    vi.stubGlobal('IntersectionObserver', undefined);
  });
  afterEach(() => {
    setVisibility('visible');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('AGE1: the text of an age changes at the next whole second under a minute, then at the next minute, hour and day', () => {
    expect(nextAgeStepMs(0)).toBe(1_000);
    expect(nextAgeStepMs(5_400)).toBe(6_000);
    expect(nextAgeStepMs(59_999)).toBe(60_000);
    expect(nextAgeStepMs(60_000)).toBe(120_000);
    expect(nextAgeStepMs(130_000)).toBe(180_000);
    expect(nextAgeStepMs(3_600_000)).toBe(7_200_000);
    expect(nextAgeStepMs(86_400_000 + 5)).toBe(2 * 86_400_000);
    // Each step is where formatAge's text changes, and not before.
    for (const age of [5_400, 59_000, 130_000, 3_700_000]) {
      const next = nextAgeStepMs(age);
      expect(formatAge(next - 1, 'de')).toBe(formatAge(age, 'de'));
      expect(formatAge(next, 'de')).not.toBe(formatAge(age, 'de'));
    }
  });

  it('AGE2: an age in minutes is formatted and written once a minute, not each second', async () => {
    const clock = await freshClock();
    const age = counting();
    const release = clock.watchAge(
      document.createElement('span'),
      T0 - 130_000,
      age.text,
      age.write,
    );
    expect(age.writes).toEqual(['vor 2 Minuten']);
    expect(clock.ageClockRunning()).toBe(true);
    const formattedAfterWatch = age.formatted();
    // 49 s on: still 2 minutes, and the clock has not even formatted it again.
    vi.advanceTimersByTime(49_000);
    expect(age.formatted()).toBe(formattedAfterWatch);
    expect(age.writes).toEqual(['vor 2 Minuten']);
    // At 3 minutes it writes once, then sleeps a minute again.
    vi.advanceTimersByTime(1_000);
    expect(age.writes).toEqual(['vor 2 Minuten', 'vor 3 Minuten']);
    vi.advanceTimersByTime(59_000);
    expect(age.writes).toHaveLength(2);
    expect(age.formatted()).toBe(formattedAfterWatch + 1);
    vi.advanceTimersByTime(1_000);
    expect(age.writes.at(-1)).toBe('vor 4 Minuten');
    release();
    expect(clock.ageClockRunning()).toBe(false);
  });

  it('AGE3: ages in seconds are written together once a second, each only when its text changed', async () => {
    const clock = await freshClock();
    const a = counting();
    const b = counting();
    clock.watchAge(document.createElement('span'), T0 - 5_300, a.text, a.write);
    clock.watchAge(document.createElement('span'), T0 - 50_000, b.text, b.write);
    const wakes = vi.getTimerCount();
    expect(wakes).toBe(1);
    vi.advanceTimersByTime(10_000);
    // One text per second each: never the same text twice, never more than a second late.
    expect(a.writes).toEqual([
      'vor 5 Sekunden',
      ...Array.from({ length: 10 }, (_, i) => `vor ${6 + i} Sekunden`),
    ]);
    expect(new Set(b.writes).size).toBe(b.writes.length);
    // The clock wakes on the first age's steps: the second's is written in the same wake,
    // less than a second after it changed.
    expect(b.writes.at(-1)).toBe('vor 59 Sekunden');
    vi.advanceTimersByTime(1_000);
    expect(b.writes.at(-1)).toBe('vor 1 Minute');
    // Past the minute the second age changes no more in the next 50 s.
    const bWrites = b.writes.length;
    vi.advanceTimersByTime(49_000);
    expect(b.writes).toHaveLength(bWrites);
  });

  it('AGE4: a hidden page writes nothing and runs no timer; shown again, its ages are written at once', async () => {
    const clock = await freshClock();
    const age = counting();
    clock.watchAge(document.createElement('span'), T0 - 2_000, age.text, age.write);
    setVisibility('hidden');
    expect(clock.ageClockRunning()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    const formatted = age.formatted();
    vi.advanceTimersByTime(30_000);
    expect(age.formatted()).toBe(formatted);
    expect(age.writes).toEqual(['vor 2 Sekunden']);
    setVisibility('visible');
    expect(age.writes).toEqual(['vor 2 Sekunden', 'vor 32 Sekunden']);
    expect(clock.ageClockRunning()).toBe(true);
  });

  it('AGE5: a newer time stamp wakes the clock sooner when its text changes sooner', async () => {
    const clock = await freshClock();
    const age = counting();
    const watch = clock.watchAge(document.createElement('span'), T0 - 600_000, age.text, age.write);
    expect(age.writes).toEqual(['vor 10 Minuten']);
    vi.advanceTimersByTime(200);
    watch.retime(Date.now());
    expect(age.writes.at(-1)).toBe('jetzt');
    vi.advanceTimersByTime(1_000);
    expect(age.writes.at(-1)).toBe('vor 1 Sekunde');
  });

  it('AGE6: the default writer changes the text node in place', async () => {
    const clock = await freshClock();
    const el = document.createElement('span');
    clock.watchAge(el, T0 - 3_000, (ms) => formatAge(ms, 'de'));
    const node = el.firstChild;
    expect(el.textContent).toBe('vor 3 Sekunden');
    vi.advanceTimersByTime(1_000);
    expect(el.textContent).toBe('vor 4 Sekunden');
    expect(el.firstChild).toBe(node);
  });
});
