import { describe, expect, it } from 'vitest';
import { compilePointer, resolvePointer } from '../../../server/field/jsonPointer.ts';

describe('JSON pointers into MQTT payloads (RFC 6901)', () => {
  const doc = { v: 1, a: [{ b: 2 }, 3], 'x/y': 4, 'm~n': 5, '': 6, nul: null };

  it('a compiled pointer finds what the pointer names, and the same again on the next payload', () => {
    const at = compilePointer('/a/0/b');
    expect(at(doc)).toBe(2);
    expect(at({ a: [{ b: 7 }] })).toBe(7);
    expect(compilePointer('')(doc)).toBe(doc);
    expect(compilePointer('/x~1y')(doc)).toBe(4);
    expect(compilePointer('/m~0n')(doc)).toBe(5);
    expect(compilePointer('/')(doc)).toBe(6);
    expect(compilePointer('/nul')(doc)).toBeNull();
  });

  it('finds nothing where the payload has nothing: a missing key, a non-index in an array, a scalar', () => {
    expect(compilePointer('/w')(doc)).toBeUndefined();
    expect(compilePointer('/a/b')(doc)).toBeUndefined();
    expect(compilePointer('/a/01')(doc)).toBeUndefined();
    expect(compilePointer('/a/5')(doc)).toBeUndefined();
    expect(compilePointer('/v/x')(doc)).toBeUndefined();
    expect(compilePointer('/nul/x')(doc)).toBeUndefined();
    expect(compilePointer('/toString')({})).toBeUndefined();
    expect(resolvePointer(doc, '/a/1')).toBe(3);
  });
});
