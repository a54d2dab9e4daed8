/**
 * Writes examples/plant.schema.json, the plant file's JSON Schema for editors, from the zod
 * schema the server checks plant files with (server/field/plantFile.ts). A test keeps the file
 * in step with the schema: `npx tsx scripts/plant-schema.ts` after changing it.
 */
import { writeFileSync } from 'node:fs';
import { plantFileJsonSchema } from '../server/field/plantFile.ts';

export const PLANT_SCHEMA_FILE = 'examples/plant.schema.json';

export function plantSchemaText(): string {
  return JSON.stringify(plantFileJsonSchema(), null, 2) + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(PLANT_SCHEMA_FILE, plantSchemaText());
  console.log(`wrote ${PLANT_SCHEMA_FILE}`);
}
