/** The JSON hub protocol pieces (SIGNALR.md "Framing", "Handshake"). */
import { describe, expect, it } from 'vitest';
import {
  ProtocolError,
  RECORD_SEPARATOR as RS,
  RecordReader,
  frameMessage,
  parseHandshake,
  parseHubMessage,
} from '../../../server/hubs/protocol.ts';

describe('RecordReader', () => {
  it('SR14: splits several records per frame and keeps a partial record for the next frame', () => {
    const reader = new RecordReader();
    expect(reader.push(`{"a":1}${RS}{"b":2}${RS}{"c"`)).toEqual(['{"a":1}', '{"b":2}']);
    expect(reader.pendingChars).toBe(4);
    expect(reader.push(`:3}${RS}`)).toEqual(['{"c":3}']);
    expect(reader.push('')).toEqual([]);
    expect(reader.pendingChars).toBe(0);
  });
});

describe('parseHubMessage', () => {
  it('SR10: reads invocations with and without invocationId and ignores headers', () => {
    expect(
      parseHubMessage('{"type":1,"invocationId":"0","target":"Echo","arguments":[1],"headers":{}}'),
    ).toEqual({ type: 1, invocationId: '0', target: 'Echo', arguments: [1] });
    expect(parseHubMessage('{"type":1,"target":"Echo","arguments":[]}')).toEqual({
      type: 1,
      target: 'Echo',
      arguments: [],
    });
  });

  it('SR16: reads stream and cancel invocations, ignores pings, stream items and unknown types', () => {
    expect(parseHubMessage('{"type":4,"invocationId":"1","target":"S","arguments":[]}').type).toBe(
      4,
    );
    expect(parseHubMessage('{"type":5,"invocationId":"1"}')).toEqual({
      type: 5,
      invocationId: '1',
    });
    expect(parseHubMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseHubMessage('{"type":99}')).toEqual({ type: 'unknown' });
  });

  it('SR17: rejects what is not a hub message', () => {
    for (const bad of [
      'nope',
      '[1]',
      '{}',
      '{"type":1}',
      '{"type":1,"target":"x","arguments":5}',
    ]) {
      expect(() => parseHubMessage(bad), bad).toThrow(ProtocolError);
    }
    expect(() =>
      parseHubMessage('{"type":1,"invocationId":3,"target":"x","arguments":[]}'),
    ).toThrow('invocationId must be a string');
  });
});

describe('handshake and framing', () => {
  it('SR8: parses the handshake request and frames with the record separator', () => {
    expect(parseHandshake('{"protocol":"json","version":1}')).toEqual({
      protocol: 'json',
      version: 1,
    });
    expect(() => parseHandshake('{"protocol":"json"}')).toThrow(ProtocolError);
    expect(frameMessage({ type: 6 })).toBe(`{"type":6}${RS}`);
  });
});
