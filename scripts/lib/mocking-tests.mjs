// Which test files replace a module with `vi.mock`. A vitest project that shares its modules between
// files (`isolate: false`, api/ and client/) runs those files in an isolated project beside it: a mock
// needs a module registry of its own, or it silently misses a module an earlier file already loaded.
// Read from the files themselves, so a new test that mocks lands in the right project on its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Test files (`*.test.ts(x)`) under `dirs` of `root` that call vi.mock, as paths relative to `root`. */
export function testFilesThatMock(root, dirs) {
  return dirs
    .flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true })
        .map((f) => path.join(dir, String(f)))
        .filter((f) => /\.test\.tsx?$/.test(f)),
    )
    .filter((f) => readFileSync(path.join(root, f), 'utf8').includes('vi.mock('))
    .sort();
}
