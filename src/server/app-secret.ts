import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';

/**
 * The configured APP_SECRET; without one (never in production) a random secret kept in DATA_DIR,
 * so that sessions and the encrypted CRM password survive a restart of the embedded default.
 */
export function resolveAppSecret(config: Config): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  const file = join(config.DATA_DIR, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
