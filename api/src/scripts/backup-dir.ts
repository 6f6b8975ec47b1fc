/** Where `db:backup` and `db:restore` put files: --dir, else BACKUP_DIR, else data/backups/. */
import path from 'node:path';
import { findRepoRoot } from '../config';

export function backupDir(dir: string | undefined, root = findRepoRoot()): string {
  return path.resolve(root, dir || process.env.BACKUP_DIR || path.join('data', 'backups'));
}
