/** Test files (`*.test.ts(x)`) under `dirs` of `root` that call vi.mock, as paths relative to `root`. */
export function testFilesThatMock(root: string, dirs: string[]): string[];
