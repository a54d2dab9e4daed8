/**
 * Test sizes of the gate and of the long run. The gate (`npm test`) runs every test at a size
 * that passes its timeout with a wide margin on a busy machine; `npm run test:long` sets
 * PEGEL_LONG_TESTS=1 and runs the same assertions at full size (100,000 alert rows, a day or
 * two of plant ticks), where the time taken does not decide the outcome.
 */
export const LONG_TESTS = process.env.PEGEL_LONG_TESTS === '1';

/** `gate` in the gate, `long` in the long run. */
export function testSize<T>(gate: T, long: T): T {
  return LONG_TESTS ? long : gate;
}

/**
 * How long a test waits for a condition before it gives up. A wait ends as soon as its
 * condition holds, so this costs nothing on an idle machine; it is long (below the 20 s test
 * timeout) so that a machine busy with other work slows a test down instead of failing it.
 */
export const CONDITION_WAIT_MS = 15_000;
