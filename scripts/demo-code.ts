/**
 * `npm run demo-code -- operator`: the current TOTP code of a demo account of the reference
 * server, read from its data folder (PEGEL_DATA_DIR, default ./data), for signing in without
 * an authenticator app.
 */
import { resolve } from 'node:path';
import { demoCode } from '../server/auth/demoCodes.ts';

const username = process.argv[2] ?? 'operator';
const dataDir = resolve(process.env.PEGEL_DATA_DIR ?? 'data');
try {
  const found = demoCode(dataDir, username);
  if (!found) {
    console.error(`No account "${username}" in ${dataDir}.`);
    process.exit(1);
  }
  console.log(`${found.code}   (${username}, valid for ${found.validForS} s more)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
