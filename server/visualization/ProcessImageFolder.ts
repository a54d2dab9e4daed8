/**
 * The folder of process images (SVG files). At start the generated images of the plant's
 * stations are written into it; files a plant engineer adds beside them are listed too.
 * A name is a plain file name: anything that would leave the folder is not found.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { ProcessImageEntry, ProcessImageList } from '../../src/contract/dashboard.ts';
import { STATION_CATALOG, type StationDef } from '../plant/stationCatalog.ts';
import type { Plant } from '../plant/types.ts';
import { overviewImage } from './overviewImage.ts';
import { StationPvLookup } from './plantPvs.ts';
import { OVERVIEW_IMAGE, stationImage } from './stationImage.ts';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const WASTEWATER = new Set(['sewagePumping', 'stormwaterTank', 'wastewaterTreatment']);

export class ProcessImageFolder {
  readonly dir: string;
  private readonly generated: { entry: ProcessImageEntry; kind: string | null }[] = [];

  constructor(dataDir: string, plant: Plant) {
    this.dir = resolve(dataDir, 'process-images');
    mkdirSync(this.dir, { recursive: true });
    const ids = new Set(plant.stations().map((s) => s.id));
    const defs: StationDef[] = STATION_CATALOG.filter((d) => ids.has(d.nr));
    if (defs.length === 0) return;
    const pvs = new StationPvLookup(plant);
    this.write(OVERVIEW_IMAGE, overviewImage(defs, pvs));
    this.generated.push({
      entry: { name: OVERVIEW_IMAGE, title: 'Übersicht Talaue', stationNumber: null },
      kind: null,
    });
    for (const def of defs) {
      this.write(def.processImage, stationImage(def, defs, pvs));
      this.generated.push({
        entry: { name: def.processImage, title: def.name, stationNumber: def.nr },
        kind: def.kind,
      });
    }
  }

  private write(name: string, svg: string): void {
    writeFileSync(join(this.dir, `${name}.svg`), svg);
  }

  list(): ProcessImageList {
    const known = new Set(this.generated.map((g) => g.entry.name));
    const added: ProcessImageEntry[] = readdirSync(this.dir)
      .filter((f) => f.endsWith('.svg') && NAME_PATTERN.test(f))
      .map((f) => f.slice(0, -4))
      .filter((name) => !known.has(name))
      .sort()
      .map((name) => ({ name, title: name, stationNumber: null }));
    const of = (test: (kind: string) => boolean) =>
      this.generated.filter((g) => g.kind !== null && test(g.kind)).map((g) => g.entry);
    return {
      root: {
        name: 'Prozessbilder',
        images: [...this.generated.filter((g) => g.kind === null).map((g) => g.entry), ...added],
        directories: [
          { name: 'Wasserversorgung', images: of((k) => !WASTEWATER.has(k)), directories: [] },
          { name: 'Abwasser', images: of((k) => WASTEWATER.has(k)), directories: [] },
        ],
      },
    };
  }

  /** The SVG text of an image, or null when the name is unknown or would leave the folder. */
  read(name: string): string | null {
    const file = name.endsWith('.svg') ? name : `${name}.svg`;
    if (!NAME_PATTERN.test(file) || file.includes('..')) return null;
    const path = resolve(this.dir, file);
    if (!path.startsWith(this.dir + sep)) return null;
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  }
}
