/** RFC 6901 JSON pointers into MQTT payloads: '' is the whole document, '/a/0/b' a path. */

const MISSING = Symbol('missing');

/** The value at `pointer`, or `undefined` when the payload has nothing there. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let node: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (node !== null && typeof node === 'object') {
      node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : MISSING;
      if (node === MISSING) return undefined;
    } else return undefined;
  }
  return node;
}
