/**
 * The horn (src/features/alerts/horn.ts): one cycle of tone and silence rendered per priority,
 * looped by the audio graph, with no timer and no node built on the main thread while it
 * sounds (HN1–HN5). Web Audio is a fake that records what the horn built.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HORN_FLOOR, HORN_REPEAT_MS, Horn, toneOf } from '../../../src/features/alerts/horn.ts';

interface Rendered {
  length: number;
  sampleRate: number;
  hz: number;
  type: string;
  stopAt: number;
  gain: [string, number, number][];
  /** The constant sources under the cycle: their level and start. */
  floors: { offset: number; startAt: number; stopped: boolean }[];
  finish: () => void;
}
interface Source {
  buffer: { rendered: Rendered } | null;
  loop: boolean;
  started: number;
  stopped: number;
  connected: boolean;
}

let rendered: Rendered[] = [];
let sources: Source[] = [];
let contexts: FakeAudioContext[] = [];
let renderAtOnce = true;

class FakeOfflineAudioContext {
  readonly destination = {};
  private readonly job: Rendered;
  constructor(_channels: number, length: number, sampleRate: number) {
    this.job = {
      length,
      sampleRate,
      hz: 0,
      type: '',
      stopAt: -1,
      gain: [],
      floors: [],
      finish: () => {},
    };
  }
  createOscillator() {
    const job = this.job;
    return {
      set type(v: string) {
        job.type = v;
      },
      frequency: {
        set value(v: number) {
          job.hz = v;
        },
      },
      connect: <T>(n: T) => n,
      start: () => undefined,
      stop: (at: number) => {
        job.stopAt = at;
      },
    };
  }
  createGain() {
    const job = this.job;
    return {
      gain: {
        setValueAtTime: (v: number, at: number) => job.gain.push(['set', v, at]),
        exponentialRampToValueAtTime: (v: number, at: number) => job.gain.push(['ramp', v, at]),
      },
      connect: <T>(n: T) => n,
    };
  }
  createConstantSource() {
    const floor = { offset: 1, startAt: -1, stopped: false };
    this.job.floors.push(floor);
    return {
      offset: {
        set value(v: number) {
          floor.offset = v;
        },
      },
      connect: <T>(n: T) => n,
      start: (at: number) => {
        floor.startAt = at;
      },
      stop: () => {
        floor.stopped = true;
      },
    };
  }
  startRendering(): Promise<{ rendered: Rendered }> {
    rendered.push(this.job);
    return new Promise((resolve) => {
      this.job.finish = () => resolve({ rendered: this.job });
      if (renderAtOnce) this.job.finish();
    });
  }
}

class FakeAudioContext {
  state = 'suspended';
  readonly sampleRate = 48_000;
  readonly destination = {};
  closed = false;
  constructor() {
    contexts.push(this);
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  close() {
    this.closed = true;
    this.state = 'closed';
    return Promise.resolve();
  }
  createBufferSource() {
    const source: Source = { buffer: null, loop: false, started: 0, stopped: 0, connected: false };
    sources.push(source);
    return Object.assign(source, {
      connect: () => {
        source.connected = true;
      },
      disconnect: () => {
        source.connected = false;
      },
      start: () => {
        source.started++;
      },
      stop: () => {
        source.stopped++;
      },
    });
  }
  createOscillator(): never {
    throw new Error('the horn builds no oscillator of its own while it sounds');
  }
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const playing = () => sources.filter((s) => s.started > 0 && s.stopped === 0);

beforeEach(() => {
  rendered = [];
  sources = [];
  contexts = [];
  renderAtOnce = true;
  vi.useFakeTimers();
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
  vi.stubGlobal('navigator', {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function unlockedHorn(): Promise<Horn> {
  const horn = new Horn();
  expect(await horn.unlock()).toBe(true);
  return horn;
}

describe('the horn', () => {
  it('HN1: one cycle of the priority tone and silence, looped by the audio graph; no timer, no node per beep', async () => {
    const horn = await unlockedHorn();
    horn.set(1, false);
    await settle();
    expect(rendered).toHaveLength(1);
    const cycle = rendered[0]!;
    const tone = toneOf(1)!;
    expect(cycle).toMatchObject({ sampleRate: 48_000, hz: tone.hz, type: 'square' });
    expect(cycle.length).toBe((48_000 * HORN_REPEAT_MS) / 1000);
    expect(cycle.stopAt).toBeCloseTo(tone.ms / 1000);
    expect(cycle.gain).toEqual([
      ['set', 0.08, 0],
      ['ramp', 0.001, tone.ms / 1000],
    ]);
    expect(playing()).toHaveLength(1);
    expect(playing()[0]).toMatchObject({
      loop: true,
      connected: true,
      buffer: { rendered: cycle },
    });
    // Sounding for a minute wakes the page for nothing: no timer, nothing new built.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(1);
    expect(rendered).toHaveLength(1);
  });

  it('HN2: a new top priority sounds its own tone at once; the same priority again changes nothing; a rendered cycle is kept', async () => {
    const horn = await unlockedHorn();
    horn.set(2, false);
    await settle();
    horn.set(2, false);
    await settle();
    expect(sources).toHaveLength(1);
    horn.set(0, false);
    await settle();
    expect(sources[0]).toMatchObject({ stopped: 1, connected: false });
    expect(playing()).toHaveLength(1);
    expect(rendered.map((r) => r.hz)).toEqual([toneOf(2)!.hz, toneOf(0)!.hz]);
    // Muted and sounding again at the same priority: the cycle is not rendered again.
    horn.set(0, true);
    await settle();
    expect(playing()).toHaveLength(0);
    horn.set(0, false);
    await settle();
    expect(playing()).toHaveLength(1);
    expect(rendered).toHaveLength(2);
  });

  it('HN3: muted, nothing pending or a priority without a tone: silent; disposed, the audio context is closed', async () => {
    const horn = await unlockedHorn();
    horn.set(1, true);
    horn.set(null, false);
    horn.set(5, false);
    await settle();
    expect(sources).toHaveLength(0);
    horn.set(3, false);
    await settle();
    expect(playing()).toHaveLength(1);
    horn.set(null, false);
    expect(playing()).toHaveLength(0);
    horn.dispose();
    expect(contexts[0]!.closed).toBe(true);
  });

  it('HN4: a cycle that finishes rendering after the horn was muted or changed priority does not sound', async () => {
    const horn = await unlockedHorn();
    renderAtOnce = false;
    horn.set(1, false);
    await settle();
    horn.set(null, false);
    rendered[0]!.finish();
    await settle();
    expect(sources).toHaveLength(0);
    horn.set(4, false);
    await settle();
    horn.set(0, false);
    await settle();
    rendered[2]!.finish();
    rendered[1]!.finish();
    await settle();
    expect(playing()).toHaveLength(1);
    expect(playing()[0]!.buffer!.rendered.hz).toBe(toneOf(0)!.hz);
  });

  it('HN5: only the tab holding the Web Lock sounds; muted, it lets the lock go for another tab', async () => {
    const waiting: (() => Promise<void> | undefined)[] = [];
    let held = 0;
    vi.stubGlobal('navigator', {
      locks: {
        request: (_name: string, run: () => Promise<void> | undefined) => {
          waiting.push(run);
          return Promise.resolve();
        },
      },
    });
    const horn = await unlockedHorn();
    horn.set(1, false);
    await settle();
    expect(sources).toHaveLength(0);
    // The lock is granted: the horn sounds until it is muted, then releases it.
    const holding = waiting.shift()!();
    held++;
    void holding?.then(() => held--);
    await settle();
    expect(playing()).toHaveLength(1);
    horn.set(1, true);
    await settle();
    expect(playing()).toHaveLength(0);
    expect(held).toBe(0);
  });

  it('HN6: the cycle never falls to digital silence (a level far below hearing under all of it), so the page is not told audible and silent again at every beep', async () => {
    const horn = await unlockedHorn();
    horn.set(2, false);
    await settle();
    expect(rendered[0]!.floors).toEqual([{ offset: HORN_FLOOR, startAt: 0, stopped: false }]);
    // Above zero, yet below a 16-bit output's least step (2^-15): nothing anyone hears.
    expect(HORN_FLOOR).toBeGreaterThan(0);
    expect(HORN_FLOOR).toBeLessThan(2 ** -15);
  });
});
