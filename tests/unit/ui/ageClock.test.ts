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

/**
 * A station's age, watched from T0 and reading as just now; returns its watch 300 ms after T0,
 * where the test gives it its time stamps.
 */
function stationAge(clock: Awaited<ReturnType<typeof freshClock>>) {
  const watch = clock.watchAge(
    document.createElement('span'),
    T0,
    () => 'gerade eben',
    () => undefined,
  );
  vi.advanceTimersByTime(300);
  return watch;
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

  it("AGE12: a PV's new values read the page's visibility as its last change left it, not once a value; hidden, a new value starts no timer, and shown again the clock runs", async () => {
    const clock = await freshClock();
    const age = counting();
    const watch = clock.watchAge(document.createElement('span'), T0 - 2_000, age.text, age.write);
    let reads = 0;
    let state: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => {
        reads++;
        return state;
      },
    });
    for (let i = 0; i < 100; i++) {
      vi.advanceTimersByTime(10);
      watch.retime(Date.now() - 50);
    }
    expect(reads).toBe(0);
    expect(age.writes.at(-1)).toBe('jetzt');
    state = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(clock.ageClockRunning()).toBe(false);
    vi.advanceTimersByTime(5_000);
    watch.retime(Date.now() - 3_000);
    // The new value's age is written with it; the clock's timer stays off while hidden.
    expect(age.writes.at(-1)).toBe('vor 3 Sekunden');
    expect(vi.getTimerCount()).toBe(0);
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(clock.ageClockRunning()).toBe(true);
    vi.advanceTimersByTime(1_000 + clock.AGE_BEAT_WAIT_MS);
    expect(age.writes.at(-1)).toBe('vor 4 Sekunden');
  });

  it('AGE5: a newer time stamp wakes the clock sooner when its text changes sooner', async () => {
    const clock = await freshClock();
    const age = counting();
    const watch = clock.watchAge(document.createElement('span'), T0 - 600_000, age.text, age.write);
    expect(age.writes).toEqual(['vor 10 Minuten']);
    vi.advanceTimersByTime(200);
    watch.retime(Date.now());
    expect(age.writes.at(-1)).toBe('jetzt');
    // The time stamp was a beat: the clock waits for the next one a second on, plus its
    // slack; none comes, so it writes the age itself, a quarter second late.
    vi.advanceTimersByTime(1_000 + clock.AGE_BEAT_SLACK_MS);
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

  it('AGE7: one phase a tab: ages due between two time stamps of a station are written with the next one, in its frame, never a second late', async () => {
    const clock = await freshClock();
    const written: { at: number; text: string }[] = [];
    const pv = (el: Element, text: string) => void written.push({ at: Date.now(), text });
    // Two PV ages in seconds, due at each whole second of T0 (and 0.4 s after it).
    clock.watchAge(document.createElement('span'), T0 - 5_000, (ms) => formatAge(ms, 'de'), pv);
    clock.watchAge(document.createElement('span'), T0 - 5_400, (ms) => formatAge(ms, 'de'), pv);
    // The station's age: a new time stamp comes 300 ms into each second, as a connected
    // station's does.
    const station = stationAge(clock);
    for (let s = 0; s < 10; s++) {
      station.retime(Date.now());
      vi.advanceTimersByTime(1_000);
    }
    const later = written.filter((w) => w.at > T0 + 1_300);
    expect(later.length).toBeGreaterThanOrEqual(16);
    // Past the first second every age is written in the task of a station time stamp (the
    // frame it draws anyway), none by a timer of its own between them.
    expect(new Set(later.map((w) => w.at % 1_000))).toEqual(new Set([300]));
    // Still true: each text is less than a second behind the age it names.
    for (const w of later) {
      const shown = Number(/\d+/.exec(w.text)?.[0]);
      expect(Math.min(w.at - (T0 - 5_000), w.at - (T0 - 5_400)) / 1_000 - shown).toBeLessThan(1);
    }
  });

  it('AGE8: when the time stamps stop, the clock writes the ages due itself, less than a second late', async () => {
    const clock = await freshClock();
    const age = counting();
    clock.watchAge(document.createElement('span'), T0 - 5_000, age.text, age.write);
    const station = stationAge(clock);
    station.retime(Date.now());
    // The last beat was at T0 + 0.3 s; the age due at T0 + 1 s waits for the next (T0 + 1.3 s)
    // and its slack, then is written by the timer.
    vi.advanceTimersByTime(700);
    expect(age.writes.at(-1)).toBe('vor 5 Sekunden');
    vi.advanceTimersByTime(clock.AGE_BEAT_WAIT_MS - 1);
    expect(age.writes.at(-1)).toBe('vor 6 Sekunden');
    // Long after the beats stopped the clock runs on its own timer, each text less than a
    // second behind.
    for (let i = 0; i < 40; i++) {
      vi.advanceTimersByTime(250);
      const ageMs = Date.now() - (T0 - 5_000);
      const shown = Number(/\d+/.exec(age.writes.at(-1) ?? '')?.[0]);
      expect(shown).toBeLessThanOrEqual(Math.floor(ageMs / 1_000));
      expect(shown).toBeGreaterThanOrEqual(Math.floor((ageMs - 1_000) / 1_000));
    }
  });

  it("AGE10: a station's age reading just now under its grace, beside ages in minutes, does not wake the clock each second; it counts on from the grace", async () => {
    const clock = await freshClock();
    const grace = 10_000;
    const pv = counting();
    clock.watchAge(document.createElement('span'), T0 - 90_000, pv.text, pv.write);
    let formatted = 0;
    const writes: string[] = [];
    clock.watchAge(
      document.createElement('span'),
      T0,
      (ms) => {
        formatted++;
        return formatAge(ms < grace ? 0 : ms, 'de');
      },
      (_, t) => void writes.push(t),
      { live: true, steadyMs: grace },
    );
    expect(writes).toEqual(['jetzt']);
    formatted = 0;
    // Nothing shown changes for 10 s: no wake of the clock, no age formatted.
    vi.advanceTimersByTime(grace - 100);
    expect(formatted).toBe(0);
    expect(pv.writes).toEqual(['vor 1 Minute']);
    // At the grace the station's age counts on, then each second.
    vi.advanceTimersByTime(100);
    expect(writes).toEqual(['jetzt', 'vor 10 Sekunden']);
    vi.advanceTimersByTime(1_000);
    expect(writes.at(-1)).toBe('vor 11 Sekunden');
  });

  it("AGE11: a station's newer time stamp before its grace runs out moves the clock's wake to the new grace, beside ages in minutes: no wake for the old one", async () => {
    const clock = await freshClock();
    const grace = 10_000;
    const pv = counting();
    // A PV age in minutes, next due at T0 + 30 s (two minutes).
    clock.watchAge(document.createElement('span'), T0 - 90_000, pv.text, pv.write);
    const writes: string[] = [];
    const station = clock.watchAge(
      document.createElement('span'),
      T0,
      (ms) => formatAge(ms < grace ? 0 : ms, 'de'),
      (_, t) => void writes.push(t),
      { live: true, steadyMs: grace },
    );
    // The engine hands the tab the station's newest time stamp 1.5 s before its age would
    // leave just now (FR8), as it does each 8.5 s for a station sending each second.
    vi.advanceTimersByTime(grace - 1_500);
    const retimedAt = Date.now();
    station.retime(retimedAt - 500);
    // The next wake is the new grace's end, not the old one's (T0 + 10 s).
    vi.advanceTimersToNextTimer();
    expect(Date.now()).toBeGreaterThanOrEqual(retimedAt - 500 + grace);
    expect(writes).toEqual(['jetzt', 'vor 10 Sekunden']);
    expect(pv.writes).toEqual(['vor 1 Minute']);
    // With no further time stamp the station's age counts on, and the PV's steps at its minute
    // (Each less than a second late: the clock ticks in the phase of the last time stamp.)
    vi.advanceTimersByTime(T0 + 31_000 - Date.now());
    expect(pv.writes).toEqual(['vor 1 Minute', 'vor 2 Minuten']);
    expect(writes.at(-1)).toBe('vor 22 Sekunden');
  });

  it("AGE9: shown again, a live age (a station's) is not written from the time stamp the hidden page kept, but from the engine's next frame; a PV's is written at once", async () => {
    const clock = await freshClock();
    const justNow = (ms: number) => formatAge(ms < 2_000 ? 0 : ms, 'de');
    const pv = counting();
    clock.watchAge(document.createElement('span'), T0 - 5_000, pv.text, pv.write);
    // A station sending each second and one that went quiet while the page was hidden.
    const station = () => {
      const writes: string[] = [];
      const watch = clock.watchAge(
        document.createElement('span'),
        T0,
        justNow,
        (_, t) => void writes.push(t),
        { live: true },
      );
      return { writes, watch };
    };
    const sending = station();
    const quiet = station();
    setVisibility('hidden');
    vi.advanceTimersByTime(30_000);
    setVisibility('visible');
    // At once: the PV's age (its time stamp is the value shown's); no station's.
    expect(pv.writes.at(-1)).toBe('vor 35 Sekunden');
    expect(sending.writes).toEqual(['jetzt']);
    expect(quiet.writes).toEqual(['jetzt']);
    // The engine's full frame a moment later: a new time stamp, and the same one again.
    vi.advanceTimersByTime(20);
    sending.watch.retime(Date.now() - 300);
    quiet.watch.retime(T0);
    await Promise.resolve();
    expect(sending.writes).toEqual(['jetzt']);
    expect(quiet.writes).toEqual(['jetzt', 'vor 30 Sekunden']);
    // Hidden again, and shown with no frame coming: the kept time stamp is written after
    // AGE_BEAT_WAIT_MS, less than a second.
    setVisibility('hidden');
    vi.advanceTimersByTime(30_000);
    setVisibility('visible');
    expect(quiet.writes.at(-1)).toBe('vor 30 Sekunden');
    vi.advanceTimersByTime(clock.AGE_BEAT_WAIT_MS);
    expect(quiet.writes.at(-1)).toBe('vor 1 Minute');
    expect(sending.writes.at(-1)).toBe('vor 31 Sekunden');
  });
});
