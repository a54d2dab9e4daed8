/**
 * The reference plant's wall clock, for tests that open the app from a browser in another time
 * zone (the projects `new-york` and `kathmandu`, tests/e2e/zone): the plant runs on
 * Europe/Berlin, and what the app shows or writes is read against this clock.
 */
import { wallFormat, wallOf } from '../support/wallClock.ts';

export const PLANT_ZONE = 'Europe/Berlin';

const plantClock = wallFormat(PLANT_ZONE);

/** `25.10.2026, 02:30:12`: the plant's wall time at `ms`, as the app writes it in German. */
export const plantWallText = (ms: number) => plantClock.format(ms);

/** The plant's wall clock at `ms`: [year, month, day, hour, minute, second]. */
export const plantWall = (ms: number) => wallOf(ms, PLANT_ZONE);
