/** RFC 6901 JSON pointers into MQTT payloads: '' is the whole document, '/a/0/b' a path. */

/** A pointer parsed once: resolves a document without splitting or unescaping again. */
export type CompiledPointer = (doc: unknown) => unknown;

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/**
 * `pointer` parsed once (a point's pointer resolves every payload on its topic): the returned
 * function gives the value at it, or `undefined` when the payload has nothing there.
 */
export function compilePointer(pointer: string): CompiledPointer {
  if (pointer === '') return (doc) => doc;
  const keys = pointer.slice(1).split('/').map(unescapeKey);
  // A key that is no array index finds nothing in an array (-1).
  const indexes = keys.map((key) => (ARRAY_INDEX.test(key) ? Number(key) : -1));
  return (doc) => {
    let node: unknown = doc;
    for (let i = 0; i < keys.length; i++) {
      if (Array.isArray(node)) {
        const index = indexes[i]!;
        if (index < 0) return undefined;
        node = node[index];
      } else if (node !== null && typeof node === 'object') {
        const key = keys[i]!;
        if (!Object.hasOwn(node, key)) return undefined;
        node = (node as Record<string, unknown>)[key];
      } else return undefined;
    }
    return node;
  };
}

/**
 * The one key of a pointer of one step into an object ('/v' → 'v', '/a~1b' → 'a/b'); null for
 * the whole document ('') and for longer pointers.
 */
export function pointerKey(pointer: string): string | null {
  if (!pointer.startsWith('/') || pointer.indexOf('/', 1) >= 0) return null;
  return unescapeKey(pointer.slice(1));
}

function unescapeKey(raw: string): string {
  return raw.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value at `pointer`, or `undefined` when the payload has nothing there. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  return compilePointer(pointer)(doc);
}
