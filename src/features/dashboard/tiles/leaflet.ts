/**
 * Leaflet and its styles, loaded with the first map tile (a dynamic import of this module):
 * the dashboard without a map, and the first screen, do not carry them.
 */
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export { L };
