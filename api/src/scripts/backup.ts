/**
 * `npm run db:backup [-- --dir <folder>] [--keep <n>]`: backs up the database named by DATABASE_URL
 * (SQLite by default) into data/backups/ (or BACKUP_DIR, or --dir) and prints the file's path.
 * --keep n then deletes all but the n newest backups there (for a cron job).
 * Safe while the API runs. docs/deploy.md describes restoring (`npm run db:restore -- <file>`).
 * The stored files are not in it: it says on stderr where they are (the folder, or the bucket that is
 * backed up apart).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupDir } from './backup-dir';
import { BackupError, backupDatabase, pruneBackups, storageNote } from './db-backup';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, keep: { type: 'string' } } });
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && (!Number.isInteger(keep) || keep < 1)) {
    throw new BackupError(`--keep must be a whole number ≥ 1, got "${values.keep}"`);
  }
  const config = loadConfig();
  const dir = backupDir(values.dir);
  const file = await backupDatabase(config.database, dir);
  console.log(file);
  console.error(storageNote(config));
  if (keep !== undefined) for (const old of pruneBackups(dir, keep)) console.log(`deleted ${old}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? `backup failed: ${err.message}` : err);
  process.exit(1);
});
