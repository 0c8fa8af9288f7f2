/**
 * Append-only JSONL: one JSON value per line, written with one `writeSync` of one complete
 * line on a descriptor opened in append mode. The writer never reads, seeks or rewrites the
 * file, so an append costs the same however large the file grows, and a killed process
 * leaves at most one torn line: the last one. Readers drop (and report) that torn line;
 * `repairJsonl` truncates it before a resumed run appends again.
 */
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';

export class JsonlWriter {
  private fd: number | null;
  private written = 0;

  /** Opens (creating if needed) `path` for appending. */
  constructor(
    readonly path: string,
    private readonly options: { fsync?: boolean } = {},
  ) {
    this.fd = openSync(path, 'a');
  }

  /** Appends one value as one line; returns the bytes written. */
  append(value: unknown): number {
    if (this.fd === null) throw new Error(`JSONL writer for ${this.path} is closed`);
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError(`cannot write ${typeof value} as a JSONL line to ${this.path}`);
    // JSON.stringify escapes newlines inside strings, so this is exactly one line.
    const line = Buffer.from(`${json}\n`, 'utf8');
    let offset = 0;
    // A regular file takes the whole buffer in one write; the loop only guards short writes.
    while (offset < line.length) offset += writeSync(this.fd, line, offset, line.length - offset);
    this.written += line.length;
    return line.length;
  }

  /** Bytes this writer appended since it was opened. */
  get bytesWritten(): number {
    return this.written;
  }

  /** Pushes the appended lines to disk when the writer was opened with `fsync`. */
  flush(): void {
    if (this.fd !== null && this.options.fsync) fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd === null) return;
    this.flush();
    closeSync(this.fd);
    this.fd = null;
  }
}

/** A line that could not be used, with where it starts in the file. */
export interface BadLine {
  /** 1-based line number. */
  line: number;
  /** Byte offset of the line's start. */
  offset: number;
  /** The line's text (cut to 200 characters). */
  text: string;
}

/** What a scan of a JSONL file found besides its values. */
export interface JsonlScan {
  /** Values read. */
  values: number;
  /** Bytes up to the end of the last complete ('\n'-terminated) line. */
  completeBytes: number;
  /** File size. */
  size: number;
  /** The unterminated last line that does not parse (a torn write), if any; it is not read. */
  tornTail: BadLine | null;
  /**
   * An unterminated last line that parses to an object: the write finished but for its
   * newline. Its value is read; `repairJsonl` adds the newline.
   */
  unterminatedTail: BadLine | null;
  /** Complete lines that do not parse (never written by JsonlWriter); skipped. */
  badLines: BadLine[];
}

const CHUNK = 1 << 20;
const preview = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * Streams the values of a JSONL file to `onValue` in order, reading it in 1 MiB chunks so
 * memory stays bounded; a missing file holds no values. Returns what was skipped.
 */
export function scanJsonl(path: string, onValue: (value: unknown, line: number) => void): JsonlScan {
  const scan: JsonlScan = { values: 0, completeBytes: 0, size: 0, tornTail: null, unterminatedTail: null, badLines: [] };
  if (!existsSync(path)) return scan;
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let carry: Buffer = Buffer.alloc(0);
    let carryOffset = 0; // file offset of carry[0]
    let lineNo = 0;
    let position = 0;
    for (;;) {
      const n = readSync(fd, chunk, 0, CHUNK, position);
      if (n === 0) break;
      position += n;
      const data = carry.length ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
      let start = 0;
      for (let nl = data.indexOf(0x0a, start); nl !== -1; nl = data.indexOf(0x0a, start)) {
        lineNo++;
        const text = data.toString('utf8', start, nl);
        const offset = carryOffset + start;
        start = nl + 1;
        scan.completeBytes = carryOffset + start;
        if (!text.trim()) continue;
        try {
          onValue(JSON.parse(text), lineNo);
          scan.values++;
        } catch (err) {
          if (!(err instanceof SyntaxError)) throw err;
          scan.badLines.push({ line: lineNo, offset, text: preview(text) });
        }
      }
      // Keep the unfinished line; copy it, since `chunk` is reused.
      carry = Buffer.from(data.subarray(start));
      carryOffset += start;
    }
    scan.size = position;
    if (carry.length) {
      lineNo++;
      const text = carry.toString('utf8');
      const tail: BadLine = { line: lineNo, offset: carryOffset, text: preview(text) };
      let value: unknown;
      let parsed = false;
      try {
        value = JSON.parse(text);
        // Only an object or array is surely whole: a number or a word may be a torn prefix.
        parsed = typeof value === 'object' && value !== null;
      } catch (err) {
        if (!(err instanceof SyntaxError)) throw err;
      }
      if (parsed) {
        scan.unterminatedTail = tail;
        onValue(value, lineNo);
        scan.values++;
      } else if (text.trim()) {
        scan.tornTail = tail;
      }
    }
    return scan;
  } finally {
    closeSync(fd);
  }
}

/** Every value of a JSONL file in order (a torn last line and unparsable lines dropped). */
export function readJsonl<T>(path: string): T[] {
  const out: T[] = [];
  scanJsonl(path, (value) => out.push(value as T));
  return out;
}

/** Like `readJsonl`, and says what was dropped (for readers that report torn files). */
export function readJsonlWithScan<T>(path: string): { values: T[]; scan: JsonlScan } {
  const values: T[] = [];
  const scan = scanJsonl(path, (value) => values.push(value as T));
  return { values, scan };
}

/**
 * Makes a JSONL file safe to append to again: a torn last line is cut off (truncated to the
 * end of the last complete line), and a whole last line missing only its newline gets one.
 * Streams the file's values to `onValue` on the way. Returns the scan, as before the repair.
 */
export function repairJsonl(path: string, onValue: (value: unknown, line: number) => void = () => {}): JsonlScan {
  const scan = scanJsonl(path, onValue);
  if (scan.tornTail) {
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, scan.tornTail.offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } else if (scan.unterminatedTail) {
    const fd = openSync(path, 'a');
    try {
      // Guard against a file that changed since the scan.
      if (fstatSync(fd).size === scan.size) writeSync(fd, '\n');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  return scan;
}
