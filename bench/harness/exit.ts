/**
 * The end of a bench command (issue 58 item 6): once its results are written nothing may keep
 * the process alive. `exitWhenDone` arms an unref'd timer, which fires only while some other
 * handle still holds the event loop: it names the handles (process.getActiveResourcesInfo())
 * on stderr and ends the process with its exit code, so a leak costs seconds, not the 13
 * minutes a quick run once hung after writing its results. tests/unit/bench/benchExit.test.ts
 * runs a bench command in a child process and requires it to exit with nothing named.
 */

/** What holds the event loop now, besides the standard streams and timers already unref'd. */
export function openResources(): string[] {
  return process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap');
}

export const LEFT_OPEN = 'bench: still open after the results were written:';

export function exitWhenDone(graceMs = 10_000): void {
  setTimeout(() => {
    console.error(`${LEFT_OPEN} ${openResources().join(', ')}`);
    process.exit(process.exitCode ?? 0);
  }, graceMs).unref();
}
