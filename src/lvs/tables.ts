/**
 * Loading and validating `lvs-tables/<domain>.json`. Tables are hand-written domain
 * knowledge, so a bad one must fail loudly with the file and the problem named.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LVS_DOMAINS, isLvsDomain } from './domains.ts';
import type { LvsLabel, LvsTable } from './types.ts';

/** `lvs-tables/` at the repository root (two levels above src/lvs/). */
export const DEFAULT_LVS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../lvs-tables');

const KINDS = new Set(['text', 'year', 'number', 'range']);

export class LvsTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LvsTableError';
  }
}

const cache = new Map<string, LvsTable>();

/** Reads, validates and caches the LVS table of `domain` (one of LVS_DOMAINS). */
export function loadLvsTable(domain: string, dir: string = DEFAULT_LVS_DIR): LvsTable {
  if (!isLvsDomain(domain)) throw new LvsTableError(`unknown LVS domain "${domain}"; one of: ${LVS_DOMAINS.join(', ')}`);
  const file = join(dir, `${domain}.json`);
  const cached = cache.get(file);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new LvsTableError(`${file}: cannot read LVS table (${(err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new LvsTableError(`${file}: invalid JSON (${(err as Error).message})`);
  }
  const problems = validateLvsTable(json, domain);
  if (problems.length) throw new LvsTableError(`${file}: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (+${problems.length - 5} more)` : ''}`);
  const table = json as LvsTable;
  cache.set(file, table);
  return table;
}

/** Every problem of a parsed table's shape, as short sentences; empty when valid. */
export function validateLvsTable(json: unknown, expectedDomain?: string): string[] {
  const problems: string[] = [];
  if (!isObject(json)) return ['table is not a JSON object'];
  if (typeof json.domain !== 'string') problems.push('"domain" must be a string');
  else if (expectedDomain && json.domain !== expectedDomain) problems.push(`"domain" is "${json.domain}", expected "${expectedDomain}"`);
  if (!Array.isArray(json.labels) || json.labels.length === 0) return [...problems, '"labels" must be a non-empty array'];
  const seen = new Set<string>();
  json.labels.forEach((l: unknown, i: number) => {
    const where = `labels[${i}]`;
    if (!isObject(l)) return problems.push(`${where} is not an object`);
    const name = typeof l.label === 'string' && l.label.trim() ? l.label : undefined;
    if (!name) problems.push(`${where}.label must be a non-empty string`);
    else if (seen.has(name)) problems.push(`${where}: duplicate label "${name}"`);
    else seen.add(name);
    const at = name ? `label "${name}"` : where;
    if (!Array.isArray(l.aliases) || !l.aliases.every((a) => typeof a === 'string' && a.trim() !== '')) problems.push(`${at}: "aliases" must be an array of non-empty strings`);
    if (l.kind !== undefined && !KINDS.has(l.kind as string)) problems.push(`${at}: unknown kind "${String(l.kind)}"`);
    if (!Array.isArray(l.values) || l.values.length === 0) return problems.push(`${at}: "values" must be a non-empty array`);
    const values = new Set<string>();
    l.values.forEach((v: unknown, j: number) => {
      if (!isObject(v) || typeof v.value !== 'string' || v.value.trim() === '') return problems.push(`${at}: values[${j}].value must be a non-empty string`);
      if (typeof v.weight !== 'number' || !(v.weight > 0 && v.weight <= 1)) problems.push(`${at}: weight of "${v.value}" must be a number in (0, 1]`);
      const key = v.value.toLowerCase();
      if (values.has(key)) problems.push(`${at}: duplicate value "${v.value}"`);
      values.add(key);
      if ((l.kind === 'year' || l.kind === 'number' || l.kind === 'range') && !Number.isFinite(Number(v.value))) problems.push(`${at}: ${String(l.kind)} value "${v.value}" is not a number`);
    });
  });
  return problems;
}

/** The label named `keyword` (the general free-text query label every table has). */
export function keywordLabel(table: LvsTable): LvsLabel | undefined {
  return table.labels.find((l) => l.label === 'keyword');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
