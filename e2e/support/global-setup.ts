import { rm } from 'node:fs/promises';
import { seedTemplateDataDir, templateDataDir } from './e2e-server';

/** Once per suite: the demo seed every worker's server starts from (see e2e-server.ts). */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await seedTemplateDataDir();
  return () => rm(templateDataDir, { recursive: true, force: true });
}
