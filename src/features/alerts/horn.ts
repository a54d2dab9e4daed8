/**
 * The alarm horn: a tone per priority made with the Web Audio API, repeated until the
 * alert is acknowledged or the horn muted (hornState.ts, shared by every tab), played only
 * after the browser allowed audio (a tap) and by one tab at a time (Web Lock 'pegel-horn').
 *
 * One cycle of the horn (the tone, then silence until the next) is rendered once per priority
 * by an OfflineAudioContext, off the main thread, and looped by the audio graph itself: while
 * the horn sounds the page runs no timer and builds no node (a beep a timer started every
 * 2.5 s woke an alert list at rest for 1.4 ms each, most of it `createOscillator`; bench/README.md
 * "The alert list's open tab, measured"). A priority's new tone starts at once.
 */
export const HORN_LOCK = 'pegel-horn';
/** Pause between two beeps of the horn: the length of one looped cycle. */
export const HORN_REPEAT_MS = 2_500;

/** Higher pitch and longer tone for more urgent priorities (0 highest); none below 5. */
export function toneOf(priority: number): { hz: number; ms: number } | null {
  if (priority > 4) return null;
  return { hz: 880 - priority * 90, ms: 500 - priority * 60 };
}

/**
 * The level under the whole cycle, silence included: -120 dBFS, below the least step of a
 * 16-bit output, so nothing anyone hears, yet never digital silence. Chromium tells the
 * browser each time an audio context turns audible or silent (the tab's speaker mark), and a
 * cycle of tone and true silence turned it twice a beep: the current alert list at rest with
 * the horn sounding cost its tab 0.4-0.6 ms/s of main thread, tasks and a major collection every
 * few seconds, against 0.07-0.12 with this floor, as much as with no audio at all (bench/README.md
 * "The horn's silence").
 */
export const HORN_FLOOR = 1e-6;

/** One cycle: a decaying square tone at its start, then (nearly) silence to HORN_REPEAT_MS. */
function renderCycle(sampleRate: number, tone: { hz: number; ms: number }): Promise<AudioBuffer> {
  const length = Math.round((sampleRate * HORN_REPEAT_MS) / 1000);
  const offline = new OfflineAudioContext(1, length, sampleRate);
  const osc = offline.createOscillator();
  const gain = offline.createGain();
  const end = tone.ms / 1000;
  osc.type = 'square';
  osc.frequency.value = tone.hz;
  gain.gain.setValueAtTime(0.08, 0);
  gain.gain.exponentialRampToValueAtTime(0.001, end);
  osc.connect(gain).connect(offline.destination);
  osc.start(0);
  osc.stop(end);
  const floor = offline.createConstantSource();
  floor.offset.value = HORN_FLOOR;
  floor.connect(offline.destination);
  floor.start(0);
  return offline.startRendering();
}

export class Horn {
  private context: AudioContext | null = null;
  private priority: number | null = null;
  /** True while this tab holds the lock and the horn should sound. */
  private sounding = false;
  /** Counts every start and stop, so that a cycle rendered too late is dropped. */
  private turn = 0;
  private source: AudioBufferSourceNode | null = null;
  /** The last cycle rendered (one priority's; a few hundred kB of samples). */
  private cycle: { priority: number; buffer: Promise<AudioBuffer> } | null = null;
  private releaseLock: (() => void) | null = null;
  private wantsLock = false;

  /** Call from a user gesture: browsers start audio only after one. True once allowed. */
  async unlock(): Promise<boolean> {
    if (typeof AudioContext === 'undefined') return false;
    this.context ??= new AudioContext();
    try {
      await this.context.resume();
    } catch {
      return false;
    }
    return this.unlocked;
  }

  get unlocked(): boolean {
    return this.context?.state === 'running';
  }

  /** The highest pending priority, or null when nothing is pending. */
  set(priority: number | null, muted: boolean): void {
    const next = muted || priority === null || !toneOf(priority) ? null : priority;
    const changed = next !== this.priority;
    this.priority = next;
    if (next === null) this.stop();
    else if (this.sounding) {
      if (changed) void this.sound();
    } else this.start();
  }

  dispose(): void {
    this.priority = null;
    this.stop();
    this.cycle = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }

  private start(): void {
    if (this.releaseLock || this.wantsLock) {
      return;
    }
    const locks = globalThis.navigator?.locks;
    if (!locks) {
      this.play();
      return;
    }
    this.wantsLock = true;
    // Only the tab holding the lock plays; the others wait and take over when it goes.
    void locks.request(HORN_LOCK, () => {
      this.wantsLock = false;
      if (this.priority === null) return undefined;
      return new Promise<void>((release) => {
        this.releaseLock = release;
        this.play();
      });
    });
  }

  private play(): void {
    this.sounding = true;
    void this.sound();
  }

  /** Loops the current priority's cycle in place of whatever sounded before. */
  private async sound(): Promise<void> {
    const turn = ++this.turn;
    this.silence();
    const ctx = this.context;
    const priority = this.priority;
    const tone = priority === null ? null : toneOf(priority);
    if (!ctx || priority === null || !tone) return;
    if (this.cycle?.priority !== priority) {
      this.cycle = { priority, buffer: renderCycle(ctx.sampleRate, tone) };
    }
    const rendering = this.cycle.buffer;
    let buffer: AudioBuffer;
    try {
      buffer = await rendering;
    } catch {
      // A cycle that could not be rendered is tried again at the next start.
      if (this.cycle?.buffer === rendering) this.cycle = null;
      return;
    }
    if (turn !== this.turn || !this.sounding || this.context !== ctx) return;
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.loop = true;
    source.connect(ctx.destination);
    source.start();
    this.source = source;
  }

  private silence(): void {
    const source = this.source;
    this.source = null;
    if (!source) return;
    source.stop();
    source.disconnect();
  }

  private stop(): void {
    this.turn++;
    this.sounding = false;
    this.silence();
    this.releaseLock?.();
    this.releaseLock = null;
  }
}
