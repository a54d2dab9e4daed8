/**
 * The SignalR JSON hub protocol as the bench's stand-in hubs speak it (fakePlant.ts,
 * fakePvHub.ts): messages end with the record separator; a frame may carry several.
 */
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';

const RS = '\x1e';

/** A hub message as the client sends it: the handshake has no type, an invocation is type 1. */
export interface HubMessage {
  type?: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
}

/** The messages of one frame from the client. */
export function hubMessages(frame: string): HubMessage[] {
  return frame
    .split(RS)
    .filter((part) => part !== '')
    .map((part) => JSON.parse(part) as HubMessage);
}

/** One message as a frame to the client. */
export const hubFrame = (message: object): string => JSON.stringify(message) + RS;

/** The answer to the handshake. */
export const HANDSHAKE_FRAME = hubFrame({});

/** The completion of invocation `invocationId` (no result). */
export const completionFrame = (invocationId: string): string =>
  hubFrame({ type: 3, invocationId });

/** A `newValues` invocation pushing `values`. */
export const newValuesFrame = (values: unknown[]): string =>
  hubFrame({ type: 1, target: HUB_MESSAGES.newValues, arguments: [values] });
