#!/usr/bin/env node
// `npm test`: every test of the project. Installs the OS programs the tests need (CONTRACT.md §1), then
// runs the steps below and stops a line of steps at its first failure.
//   TEST_ONLY=unit,integration  runs only the named steps.
//
// First typecheck, lint, unit and build, one after the other, each with the machine to itself. Then the
// e2e step (two Playwright workers: Chromium and the product) runs beside the line integration → pg →
// scale (servers, PostgreSQL and Redis of their own, mostly waiting) (docs/decisions.md "The test suite's
// time"). That line's output is kept in a file and printed, whole, when the stage ends; e2e prints as it
// goes.
//
// A CI log is often read from its end only, so after the summary each failing step's failures (and e2e's
// flaky tests, passed on retry) are said again, a few lines each.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePrograms } from './lib/os-deps.mjs';

const typecheck = { name: 'typecheck', cmd: ['npx', 'tsc', '-b'] };
const lint = { name: 'lint', cmd: ['npm', 'run', 'lint'] }; // Biome, then client/scripts/check-boundaries.mjs
// The vitest projects named *-integration (child processes, redis-server, the realtime client end to end
// through a relay) run apart from the fast ones: vitest.config.ts. The unit step runs as many files at
// once as there are cores (vitest's default in `run` mode is one less: on 2 cores, one file after the
// other while a core idles); the integration step keeps the default: its files start servers of their own.
const unit = { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project=!*-integration', '--maxWorkers=100%'] };
const integration = { name: 'integration', cmd: ['npx', 'vitest', 'run', '--project=*-integration'] };
const pg = { name: 'pg', cmd: ['node', 'scripts/test-pg.mjs'] };
const build = { name: 'build', cmd: ['npm', 'run', 'build'] };
const e2e = { name: 'e2e', cmd: ['npm', 'run', 'test:e2e'] };
const scale = { name: 'scale', cmd: ['node', 'scripts/test-scale.mjs'] };

/** Lines of steps; the lines of one stage run at the same time, the first one printing as it goes. */
const stages = [[[typecheck, lint, unit, build]], [[e2e], [integration, pg, scale]]];

const only = process.env.TEST_ONLY ? new Set(process.env.TEST_ONLY.split(',')) : null;
ensurePrograms();

const logs = mkdtempSync(path.join(os.tmpdir(), 'agrivet-test-'));
const results = new Map();
/** The end of what each step printed (its failures are near its end). */
const tails = new Map();
const TAIL_CHARS = 200_000;

function keepTail(name, text) {
  tails.set(name, ((tails.get(name) ?? '') + text).slice(-TAIL_CHARS));
}

/** The lines of a step's tail that name a failure: Playwright's closing lists ("N failed", "N flaky" and
 *  the tests under them), else its ✘ lines; vitest's FAIL / ×; tsc's errors; the scale script's FAIL. */
function failureLines(name) {
  const tail = (tails.get(name) ?? '').split('\n').map((l) => l.trimEnd());
  const listed = [];
  for (let i = 0; i < tail.length; i++) {
    if (!/^\s+\d+ (failed|flaky)$/.test(tail[i])) continue;
    listed.push(tail[i]);
    for (let j = i + 1; j < tail.length && /^\s{4}\S/.test(tail[j]); j++) listed.push(tail[j]);
  }
  if (listed.length) return listed.slice(0, 20);
  const lines = tail.filter((l) => /✘|×|\bFAIL\b|error TS\d+/.test(l));
  return [...new Set(lines)].slice(-14);
}

/** Runs one step with its output to the terminal (`fd` undefined) or to the file open as `fd`. */
function run(step, fd) {
  return new Promise((resolve) => {
    const t = Date.now();
    const header = `\n=== ${step.name}: ${step.cmd.join(' ')}\n`;
    if (fd === undefined) process.stdout.write(header);
    else writeSync(fd, header);
    const child = spawn(step.cmd[0], step.cmd.slice(1), {
      stdio: fd === undefined ? ['inherit', 'pipe', 'pipe'] : ['ignore', fd, fd],
      env: { ...process.env, CI: process.env.CI ?? '1' },
    });
    if (fd === undefined) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        from.setEncoding('utf8'); // whole characters: a chunk may end inside one
        from.on('data', (text) => {
          to.write(text);
          keepTail(step.name, text);
        });
      }
    }
    const done = (ok) => {
      results.set(step.name, { ok, seconds: Math.round((Date.now() - t) / 1000) });
      resolve(ok);
    };
    child.on('error', () => done(false));
    // 'exit' can come before the last of a piped output is read (Playwright's closing list): wait for both
    // streams to end, but not forever — the e2e servers global-setup starts may hold the pipe open.
    const ended = (stream) =>
      stream ? new Promise((r) => (stream.readableEnded ? r() : stream.once('end', r))) : Promise.resolve();
    child.on('exit', (code) => {
      const streams = Promise.all([ended(child.stdout), ended(child.stderr)]);
      const timeout = new Promise((r) => setTimeout(r, 3000).unref());
      void Promise.race([streams, timeout]).then(() => done(code === 0));
    });
  });
}

/** Runs a line of steps until one fails, to the terminal or (`file`) to a file; true when all passed. */
async function runLine(steps, file) {
  const fd = file ? openSync(file, 'w') : undefined;
  let ok = true;
  for (const step of steps) {
    ok = await run(step, fd);
    if (!ok) break;
  }
  if (fd !== undefined) {
    closeSync(fd);
    // The file holds the whole line's output; each step's part starts at its header.
    const text = readFileSync(file, 'utf8');
    for (const step of steps) {
      const at = text.indexOf(`\n=== ${step.name}: `);
      if (at < 0) continue;
      const next = text.indexOf('\n=== ', at + 5);
      keepTail(step.name, text.slice(at, next < 0 ? undefined : next));
    }
  }
  return ok;
}

const started = Date.now();
for (const stage of stages) {
  const lines = stage.map((line) => line.filter((s) => !only || only.has(s.name))).filter((line) => line.length);
  const files = lines.map((line, i) => (i === 0 ? undefined : path.join(logs, `${line[0].name}.log`)));
  const oks = await Promise.all(lines.map((line, i) => runLine(line, files[i])));
  for (const [i, file] of files.entries()) {
    if (!file) continue;
    const names = lines[i].map((s) => s.name).join(', ');
    process.stdout.write(`\n=== the output of ${names} (run beside ${lines[0].map((s) => s.name).join(', ')})\n`);
    process.stdout.write(readFileSync(file));
  }
  if (oks.includes(false)) break;
}
rmSync(logs, { recursive: true, force: true });

console.log('\n=== summary');
const order = stages.flat(2).map((s) => s.name);
const ran = order.filter((name) => results.has(name)).map((name) => ({ name, ...results.get(name) }));
for (const r of ran) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failed = ran.filter((r) => !r.ok).length;
console.log(`total ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`steps: ${ran.length - failed} passed, ${failed} failed`);
for (const r of ran) {
  const lines = failureLines(r.name);
  if (r.ok && !lines.some((l) => /flaky/.test(l))) continue;
  console.log(`\n--- ${r.name}: ${r.ok ? 'passed, with flaky tests' : 'what failed'} (its full output is above)`);
  for (const l of lines) console.log(l.length > 200 ? `${l.slice(0, 200)}…` : l);
}
process.exit(failed ? 1 : 0);
