import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config';
import { createDb } from '../src/db/create-db';
import { migrate } from '../src/db/migrate';
import {
  BackupError,
  backupDatabase,
  detectBackupKind,
  pruneBackups,
  restoreDatabase,
  storageNote,
} from '../src/scripts/db-backup';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

let dir: string;
let database: DatabaseConfig & { kind: 'sqlite' };
let backups: string;

/** An empty API database: migrated, no demo data. */
async function apiDatabase(): Promise<void> {
  const db = createDb(database);
  await migrate(db);
  await db.close();
}

/** Adds farmers through a connection that never checkpoints, so the rows stay in the WAL while it is open. */
function addUsers(names: string[]): SQLite.Database {
  const conn = new SQLite(database.file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('wal_autocheckpoint = 0');
  const insert = conn.prepare(
    "insert into users (name, phone, password_hash, type, status, created_at, updated_at) values (?, ?, 'x', 2, 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
  );
  names.forEach((name, i) => {
    insert.run(name, `09${String(Date.now() + i).slice(-8)}`);
  });
  return conn;
}

function userNames(file: string): string[] {
  const conn = new SQLite(file, { readonly: true });
  try {
    return (conn.prepare('select name from users order by id').all() as { name: string }[]).map((r) => r.name);
  } finally {
    conn.close();
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-backup-test-'));
  database = { kind: 'sqlite', file: path.join(dir, 'db', 'agrivet.db') };
  backups = path.join(dir, 'backups');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite backup', () => {
  it('copies the live database, including writes still only in the WAL, to a timestamped file', async () => {
    await apiDatabase();
    const writer = addUsers(['مزارع أول', 'مزارع ثان']);
    try {
      expect(existsSync(`${database.file}-wal`)).toBe(true);
      const file = await backupDatabase(database, backups);
      expect(path.basename(file)).toMatch(/^agrivet-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.db$/);
      expect(detectBackupKind(file)).toBe('sqlite');
      expect(userNames(file)).toEqual(['مزارع أول', 'مزارع ثان']);
      expect(readdirSync(backups).filter((f) => f.endsWith('.partial'))).toEqual([]);
    } finally {
      writer.close();
    }
  });

  it('refuses a database that does not exist', async () => {
    await expect(backupDatabase(database, backups)).rejects.toThrow(BackupError);
    expect(existsSync(backups) ? readdirSync(backups) : []).toEqual([]);
  });
});

describe('SQLite restore', () => {
  it('puts the backup in place and keeps what it replaced in a before-restore backup', async () => {
    await apiDatabase();
    addUsers(['قبل النسخة']).close();
    const file = await backupDatabase(database, backups);
    const writer = addUsers(['بعد النسخة']);
    writer.close();

    const { previous } = await restoreDatabase(database, file, backups);

    // No WAL of the replaced database may be replayed onto the restored one.
    expect(existsSync(`${database.file}-wal`)).toBe(false);
    expect(existsSync(`${database.file}.restoring`)).toBe(false);
    expect(userNames(database.file)).toEqual(['قبل النسخة']);
    expect(previous).not.toBeNull();
    expect(path.basename(previous!)).toMatch(/^agrivet-before-restore-.*\.db$/);
    expect(userNames(previous!)).toEqual(['قبل النسخة', 'بعد النسخة']);
    // The restored database is a working API database.
    const db = createDb(database);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  });

  it('restores into a place where no database exists yet', async () => {
    await apiDatabase();
    addUsers(['وحيد']).close();
    const file = await backupDatabase(database, backups);
    rmSync(path.dirname(database.file), { recursive: true });

    const { previous } = await restoreDatabase(database, file, backups);
    expect(previous).toBeNull();
    expect(userNames(database.file)).toEqual(['وحيد']);
  });

  it.each([
    ['a text file', 'not a database at all', /neither a SQLite database/],
    ['a PostgreSQL dump', 'PGDMP\u0001\u000e\u0000 and more bytes', /postgres backup but DATABASE_URL names a sqlite/],
  ])('refuses %s and leaves the database untouched', async (_, content, message) => {
    await apiDatabase();
    addUsers(['باق']).close();
    const bogus = path.join(dir, 'bogus.bin');
    writeFileSync(bogus, content);
    await expect(restoreDatabase(database, bogus, backups)).rejects.toThrow(message);
    expect(userNames(database.file)).toEqual(['باق']);
  });

  it('refuses a SQLite file that is not an agrivet database', async () => {
    await apiDatabase();
    const other = path.join(dir, 'other.db');
    const conn = new SQLite(other);
    conn.exec('create table notes (id integer primary key)');
    conn.close();
    await expect(restoreDatabase(database, other, backups)).rejects.toThrow(/not an agrivet database/);
  });

  it('refuses a missing file', async () => {
    await expect(restoreDatabase(database, path.join(dir, 'nope.db'), backups)).rejects.toThrow(/no such backup file/);
  });
});

describe('pruning old backups', () => {
  it('keeps the newest n regular backups and every before-restore copy', () => {
    mkdirSync(backups, { recursive: true });
    const names = [
      'agrivet-2026-01-01T00-00-00-000Z.db',
      'agrivet-2026-01-02T00-00-00-000Z.dump',
      'agrivet-2026-01-03T00-00-00-000Z.db',
      'agrivet-before-restore-2026-01-01T00-00-00-000Z.db',
      'notes.txt',
    ];
    for (const n of names) writeFileSync(path.join(backups, n), 'x');
    const deleted = pruneBackups(backups, 2);
    expect(deleted.map((f) => path.basename(f))).toEqual(['agrivet-2026-01-01T00-00-00-000Z.db']);
    expect(readdirSync(backups).sort()).toEqual(names.slice(1).sort());
  });

  it('refuses a keep count below 1', () => {
    expect(() => pruneBackups(dir, 0)).toThrow(BackupError);
  });
});

describe('npm run db:backup / db:restore', () => {
  const cli = (script: string, args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api/src/scripts', script), ...args], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${database.file}`,
        BACKUP_DIR: backups,
        STORAGE_DIR: path.join(dir, 'files'),
        ...env,
      },
    });

  it('backs up the DATABASE_URL database and restores it from the printed path', async () => {
    await apiDatabase();
    addUsers(['عبر سطر الأوامر']).close();
    const backup = cli('backup.ts', []);
    // the stored files are not in it, and it says where they are
    expect(backup.stderr.trim()).toBe(
      `note: the images and voice notes are in ${path.join(dir, 'files')}, not in this backup: copy that folder beside it (docs/deploy.md "Backups")`,
    );
    expect(backup.status).toBe(0);
    const file = backup.stdout.trim();
    expect(path.dirname(file)).toBe(backups);
    addUsers(['لاحق']).close();

    const restore = cli('restore.ts', [file]);
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/previous content saved to .*agrivet-before-restore-/);
    expect(userNames(database.file)).toEqual(['عبر سطر الأوامر']);
  });

  it('says that a bucket is backed up apart', async () => {
    await apiDatabase();
    const backup = cli('backup.ts', [], { S3_BUCKET: 'agrivet-media', S3_ENDPOINT: 'http://minio:9000' });
    expect(backup.status).toBe(0);
    expect(backup.stdout.trim()).toMatch(/agrivet-.*\.db$/);
    expect(backup.stderr).toMatch(
      /^note: the images and voice notes are in the bucket s3:\/\/agrivet-media at http:\/\/minio:9000, not in this backup: the bucket is backed up apart/,
    );
    expect(
      storageNote({ storageDir: '/x', s3: { bucket: 'media-1', region: 'eu-west-1', forcePathStyle: false } }),
    ).toMatch(/in the bucket s3:\/\/media-1, not in this backup/);
  });

  it('--keep deletes all but the newest backups', async () => {
    await apiDatabase();
    const first = cli('backup.ts', []).stdout.trim();
    await new Promise((r) => setTimeout(r, 5));
    const second = cli('backup.ts', ['--keep', '1']);
    expect(second.status).toBe(0);
    const [file, deleted] = second.stdout.trim().split('\n');
    expect(deleted).toBe(`deleted ${first}`);
    expect(readdirSync(backups)).toEqual([path.basename(file)]);
    expect(cli('backup.ts', ['--keep', 'all']).stderr).toMatch(/--keep must be a whole number/);
  });

  it('explains its usage when restore gets no file', () => {
    const restore = cli('restore.ts', []);
    expect(restore.status).toBe(2);
    expect(restore.stderr).toMatch(/usage: npm run db:restore -- <backup file>/);
  });

  it('fails with a clear message, not a stack trace, for a missing database', () => {
    const backup = cli('backup.ts', []);
    expect(backup.status).toBe(1);
    expect(backup.stderr).toMatch(/^backup failed: no SQLite database at /);
  });
});
