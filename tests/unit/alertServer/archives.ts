/** Alert and event archives on a SQLite database of their own, for the alert server's tests. */
import { AlertArchive } from '../../../server/alerts/AlertArchive.ts';
import { EventArchive } from '../../../server/alerts/EventArchive.ts';
import { openDatabase, type Db } from '../../../server/store/db.ts';
import { tempDirPerTest } from '../../support/tempDirs.ts';
import { START } from '../plant/plantFixtures.ts';

export interface Archives {
  db: Db;
  alerts: AlertArchive;
  events: EventArchive;
}

/**
 * For a test file: a function that opens a new database in a temporary folder named after
 * `prefix` with both archives on it (the event archive's clock stands at START); the folders
 * are removed after each test.
 */
export function archivesPerTest(prefix: string): () => Archives {
  const dataDir = tempDirPerTest(prefix);
  return () => {
    const db = openDatabase(dataDir());
    return { db, alerts: new AlertArchive(db), events: new EventArchive(db, () => START) };
  };
}
