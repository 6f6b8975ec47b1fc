/**
 * `npm run db:restore -- <backup file> [--dir <folder>]`: replaces the database named by
 * DATABASE_URL with a backup made by `npm run db:backup`. Stop the API (every instance) first.
 * What the database held before is backed up first into data/backups/ (or BACKUP_DIR, or --dir).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupDir } from './backup-dir';
import { BackupError, restoreDatabase } from './db-backup';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { dir: { type: 'string' } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('usage: npm run db:restore -- <backup file> [--dir <folder for the safety backup>]');
    process.exit(2);
  }
  const config = loadConfig();
  const { previous } = await restoreDatabase(config.database, positionals[0], backupDir(values.dir));
  if (previous) console.log(`previous content saved to ${previous}`);
  console.log(`restored ${positionals[0]}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? `restore failed: ${err.message}` : err);
  process.exit(1);
});
