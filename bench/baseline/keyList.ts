/**
 * Key lists in a URL: comma-separated keys or ranges, `ai100001..ai100200,di5`. A station
 * page's worth of keys fits in a query string this way.
 */
export function parseKeyList(text: string): string[] {
  const keys: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (!item) continue;
    const range = /^([a-zA-Z]+)(\d+)\.\.(?:[a-zA-Z]+)?(\d+)$/.exec(item);
    if (!range) {
      keys.push(item);
      continue;
    }
    const from = Number(range[2]);
    const to = Number(range[3]);
    for (let nr = from; nr <= to; nr++) keys.push(`${range[1]}${nr}`);
  }
  return keys;
}

/** Writes keys as compactly as parseKeyList reads them: consecutive numbers become ranges. */
export function formatKeyList(keys: readonly string[]): string {
  const parts: string[] = [];
  let prefix = '';
  let from = -1;
  let last = -1;
  const flush = () => {
    if (from < 0) return;
    parts.push(from === last ? `${prefix}${from}` : `${prefix}${from}..${prefix}${last}`);
  };
  for (const key of keys) {
    const m = /^([a-zA-Z]+)(\d+)$/.exec(key);
    if (!m) {
      flush();
      from = -1;
      parts.push(key);
      continue;
    }
    const nr = Number(m[2]);
    if (m[1] === prefix && nr === last + 1 && from >= 0) {
      last = nr;
      continue;
    }
    flush();
    prefix = m[1]!;
    from = nr;
    last = nr;
  }
  flush();
  return parts.join(',');
}
