/**
 * The alarm horn: a tone per priority made with the Web Audio API, repeated until the
 * alert is acknowledged or the horn muted (hornState.ts, shared by every tab), played only
 * after the browser allowed audio (a tap) and by one tab at a time (Web Lock 'pegel-horn').
 */
export const HORN_LOCK = 'pegel-horn';
/** Pause between two beeps of the horn. */
export const HORN_REPEAT_MS = 2_500;

/** Higher pitch and longer tone for more urgent priorities (0 highest); none below 5. */
function toneOf(priority: number): { hz: number; ms: number } | null {
  if (priority > 4) return null;
  return { hz: 880 - priority * 90, ms: 500 - priority * 60 };
}

export class Horn {
  private context: AudioContext | null = null;
  private priority: number | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
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
    this.priority = next;
    if (next === null) this.stop();
    else this.start();
  }

  dispose(): void {
    this.priority = null;
    this.stop();
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
    if (this.timer !== null) return;
    const beep = () => {
      const tone = this.priority === null ? null : toneOf(this.priority);
      const ctx = this.context;
      if (!tone || !ctx || ctx.state !== 'running') return;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'square';
      osc.frequency.value = tone.hz;
      gain.gain.setValueAtTime(0.08, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + tone.ms / 1000);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + tone.ms / 1000);
    };
    beep();
    this.timer = setInterval(beep, HORN_REPEAT_MS);
  }

  private stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.releaseLock?.();
    this.releaseLock = null;
  }
}
