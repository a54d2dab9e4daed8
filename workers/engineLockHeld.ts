/**
 * The engine's own Web Lock (EL1), taken when this module loads: the worker's engine loads it
 * beside its start (createEngine.ts), so the lock code stays out of the worker's startup chunk.
 */
import { holdEngineLock } from './engineLock.ts';

export const held = holdEngineLock(globalThis.navigator?.locks);
