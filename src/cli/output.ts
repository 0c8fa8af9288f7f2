import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Prints a JSON result on stdout and, when `outFile` is given, also writes it there. */
export function emitJson(value: unknown, outFile?: string): void {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (outFile) {
    mkdirSync(dirname(outFile), { recursive: true });
    writeFileSync(outFile, text);
  }
  process.stdout.write(text);
}
