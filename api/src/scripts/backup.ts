/**
 * `npm run db:backup [-- --dir <folder>]`: backs up the database named by DATABASE_URL (SQLite by
 * default) into data/backups/ (or BACKUP_DIR, or --dir) and prints the file's path.
 * Safe while the API runs. docs/deploy.md describes restoring (`npm run db:restore -- <file>`).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupDir } from './backup-dir';
import { BackupError, backupDatabase } from './db-backup';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const config = loadConfig();
  const file = await backupDatabase(config.database, backupDir(values.dir));
  console.log(file);
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? `backup failed: ${err.message}` : err);
  process.exit(1);
});
