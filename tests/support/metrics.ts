/** Reads one metric of a Prometheus text exposition into a map from label set to value. */
export function metricValues(text: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels = (m[3] ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.replace(/"/g, ''))
      .join(',');
    out.set(labels, Number(m[4]));
  }
  return out;
}
