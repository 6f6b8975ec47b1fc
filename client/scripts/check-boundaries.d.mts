/** Types of check-boundaries.mjs for its tests (client/test/check-boundaries.test.ts). */
export interface Violation {
  file: string;
  line: number;
  specifier: string;
  reason: string;
}
export function areaOf(srcDir: string, file: string): string | null;
export function ruleBroken(from: string | null, to: string | null, file?: string): string | null;
export function importsOf(text: string): { specifier: string; line: number }[];
export function resolveSpecifier(srcDir: string, file: string, specifier: string): string | null;
export function findViolations(srcDir: string): Violation[];
