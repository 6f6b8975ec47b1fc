// How many test files vitest runs at once in the fast lanes. vitest's default in `run` mode is one less
// than the cores, which on the 2-core CI machine is ONE: every file after the other while a core idles
// (the files spend much of their time importing, in jsdom's set-up or waiting on PostgreSQL). Two
// at least: the unit lane 248–349 s → 185 s, the PostgreSQL lane 168 → 82 s (docs/decisions.md). The
// integration lane keeps vitest's default: its files start servers and redis of their own.
import { availableParallelism } from 'node:os';

export const testWorkers = Math.max(2, availableParallelism());
export const workersFlag = `--maxWorkers=${testWorkers}`;
