/**
 * Who a map tile source asks to be named (the OpenStreetMap tile usage policy: "© OpenStreetMap
 * contributors", linked to the copyright page, visible on the map). Known by the tile server's
 * host; a plant's own tile server (PEGEL_MAP_TILES) names nobody unless it is one of these.
 */
const OSM = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

const BY_HOST: readonly (readonly [RegExp, string])[] = [
  [/(^|\.)openstreetmap\.(org|de|fr)$/, OSM],
  [
    /(^|\.)opentopomap\.org$/,
    `${OSM}, SRTM | © <a href="https://opentopomap.org">OpenTopoMap</a> (CC-BY-SA)`,
  ],
  [
    /(^|\.)arcgisonline\.com$/,
    '© <a href="https://www.esri.com">Esri</a>, Maxar, Earthstar Geographics',
  ],
];

/** The attribution (HTML of links only) a tile URL template's server asks for, or ''. */
export function tileAttribution(template: string): string {
  let host: string;
  try {
    host = new URL(template.replace(/[{}]/g, '')).hostname;
  } catch {
    return '';
  }
  return BY_HOST.find(([pattern]) => pattern.test(host))?.[1] ?? '';
}
