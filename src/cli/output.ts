import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Writes a result file, making its folder first. */
export function writeText(file: string, text: string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileSync(file, text);
}

/** Prints a JSON result on stdout and, when `outFile` is given, also writes it there. */
export function emitJson(value: unknown, outFile?: string): void {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (outFile) writeText(outFile, text);
  process.stdout.write(text);
}
