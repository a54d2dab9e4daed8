/** Temporary folders for tests that write files (SQLite databases, data folders). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * For a test file: a function that makes a new folder in the system's temporary folder, its
 * name starting with `prefix`; every folder it made is removed after each test.
 */
export function tempDirPerTest(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
