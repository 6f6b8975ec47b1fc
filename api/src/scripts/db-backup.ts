/**
 * Backups and restores of the API's database, for both kinds (docs/deploy.md):
 *   - SQLite: better-sqlite3's online backup (consistent while the API keeps writing) to
 *     `agrivet-<timestamp>.db`; restore puts the file in place of the database (API stopped).
 *   - PostgreSQL: `pg_dump --format=custom` to `agrivet-<timestamp>.dump`; restore with
 *     `pg_restore --clean --single-transaction` (all or nothing).
 * A restore first backs up what it replaces (`agrivet-before-restore-<timestamp>.*`), so nothing
 * saved is lost by restoring the wrong file.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config, DatabaseConfig } from '../config';

export type BackupKind = DatabaseConfig['kind'];

/**
 * What a database backup leaves out: the stored files (images, voice notes), in the folder or in the
 * bucket. `db:backup` says it beside every backup, so no one takes the dump for the whole product.
 */
export function storageNote(config: Pick<Config, 'storageDir' | 's3'>): string {
  if (config.s3) {
    const where = `s3://${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`;
    return `note: the images and voice notes are in the bucket ${where}, not in this backup: the bucket is backed up apart (its versioning or replication, or a copy with mc mirror / aws s3 sync; docs/deploy.md "Backups")`;
  }
  return `note: the images and voice notes are in ${config.storageDir}, not in this backup: copy that folder beside it (docs/deploy.md "Backups")`;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const EXTENSION: Record<BackupKind, string> = { sqlite: '.db', postgres: '.dump' };

/** `2026-03-01T10-20-30-123Z`: sortable, and valid in file names everywhere. */
export const backupTimestamp = (date = new Date()) => date.toISOString().replace(/[:.]/g, '-');

/** Which kind of backup a file holds, from its first bytes; null when it is neither. */
export function detectBackupKind(file: string): BackupKind | null {
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read >= 16 && head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (read >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT' ? new BackupError(`${cmd} is not installed (apt-get install -y postgresql-client)`) : err,
      );
    });
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${cmd} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** Writes to `<file>.partial` and renames on success: a backup file is complete or absent. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>): Promise<string> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    renameSync(partial, file);
    return file;
  } finally {
    rmSync(partial, { force: true });
  }
}

async function backupSqlite(dbFile: string, target: string): Promise<void> {
  if (!existsSync(dbFile)) throw new BackupError(`no SQLite database at ${dbFile}`);
  const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}

/** Backs the database up into `dir` and returns the new file's path. */
export async function backupDatabase(database: DatabaseConfig, dir: string, prefix = 'agrivet'): Promise<string> {
  if (database.kind === 'sqlite' && database.file === ':memory:') {
    throw new BackupError('an in-memory database cannot be backed up');
  }
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${prefix}-${backupTimestamp()}${EXTENSION[database.kind]}`);
  return writeAtomically(file, (partial) =>
    database.kind === 'sqlite'
      ? backupSqlite(database.file, partial)
      : run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${database.url}`]),
  );
}

/**
 * Keeps the `keep` newest regular backups (`agrivet-<timestamp>.db|.dump`) in `dir` and deletes
 * the older ones; safety copies made by a restore are never deleted. Returns the deleted paths.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!Number.isInteger(keep) || keep < 1) throw new BackupError(`--keep must be a whole number ≥ 1, got ${keep}`);
  const regular = /^agrivet-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.(db|dump)$/;
  const files = readdirSync(dir)
    .filter((f) => regular.test(f))
    .sort()
    .reverse();
  const old = files.slice(keep).map((f) => path.join(dir, f));
  for (const f of old) rmSync(f, { force: true });
  return old;
}

/** Refuses a file that is not an intact SQLite database made by the API (it has migrations). */
function checkSqliteBackup(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged (${String(check)})`);
    const migrations = db.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'");
    if (!migrations.get()) throw new BackupError(`${file} is not an agrivet database (no kysely_migration table)`);
  } finally {
    db.close();
  }
}

async function restoreSqlite(dbFile: string, backupFile: string): Promise<void> {
  checkSqliteBackup(backupFile);
  mkdirSync(path.dirname(dbFile), { recursive: true });
  // Copied beside the database first, then renamed over it: never a half-copied database.
  const incoming = `${dbFile}.restoring`;
  rmSync(incoming, { force: true });
  await backupSqlite(backupFile, incoming);
  // A WAL or shared-memory file left beside the database would be replayed onto the restored
  // file; the backup taken before (which read them) keeps their content.
  rmSync(`${dbFile}-wal`, { force: true });
  rmSync(`${dbFile}-shm`, { force: true });
  renameSync(incoming, dbFile);
}

export interface RestoreResult {
  /** The backup of what was there before the restore, or null when there was no database yet. */
  previous: string | null;
}

/**
 * Replaces the database with the backup `file`. Stop every API instance first. The current
 * content is backed up into `dir` before anything changes.
 */
export async function restoreDatabase(database: DatabaseConfig, file: string, dir: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`no such backup file: ${file}`);
  const kind = detectBackupKind(file);
  if (kind === null) throw new BackupError(`${file} is neither a SQLite database nor a pg_dump custom-format file`);
  if (kind !== database.kind) {
    throw new BackupError(`${file} is a ${kind} backup but DATABASE_URL names a ${database.kind} database`);
  }
  if (database.kind === 'sqlite') {
    if (database.file === ':memory:') throw new BackupError('cannot restore into an in-memory database');
    const previous = existsSync(database.file) ? await backupDatabase(database, dir, 'agrivet-before-restore') : null;
    await restoreSqlite(database.file, file);
    return { previous };
  }
  await run('pg_restore', ['--list', file]);
  const previous = await backupDatabase(database, dir, 'agrivet-before-restore');
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${database.url}`,
    file,
  ]);
  return { previous };
}
