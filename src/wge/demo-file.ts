/**
 * Demonstration files (`demos/*.json`): reading with validation, so a hand-edited or
 * truncated demo fails with a message naming the file and the bad field instead of
 * surfacing later as a workflow that matches nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEMO_ACTIONS, type Box, type Demo, type DemoStep, type PageElement, type Region } from './types.ts';

export class DemoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoError';
  }
}

const SOURCES = ['lvs', 'pool', 'title', 'surface', 'options', 'default'];
const REGIONS: Region[] = ['list', 'pagination', 'nav', 'form', 'content'];
const ELEMENT_STRINGS = ['inputType', 'formType', 'fieldType', 'label', 'text', 'name', 'href'] as const;
const STEP_STRINGS = ['value', 'optionValue', 'lvsLabel', 'url'] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates parsed JSON as a demo; `where` (the file) prefixes every message. */
export function parseDemo(json: unknown, where = 'demo'): Demo {
  const fail = (msg: string): never => {
    throw new DemoError(`${where}: ${msg}`);
  };
  if (!isObject(json)) return fail('not a JSON object');
  if (typeof json['name'] !== 'string' || !json['name'].trim()) fail('"name" must be a non-empty string');
  if (typeof json['recordedAt'] !== 'string' || Number.isNaN(Date.parse(json['recordedAt']))) fail('"recordedAt" must be an ISO date string');
  for (const k of ['domain', 'startUrl'] as const) if (json[k] !== undefined && typeof json[k] !== 'string') fail(`"${k}" must be a string`);
  if (!Array.isArray(json['steps'])) return fail('"steps" must be an array');
  const steps = json['steps'].map((s, i) => parseStep(s, `steps[${i}]`, fail));
  const demo: Demo = { name: json['name'] as string, recordedAt: json['recordedAt'] as string, steps };
  if (typeof json['domain'] === 'string') demo.domain = json['domain'];
  if (typeof json['startUrl'] === 'string') demo.startUrl = json['startUrl'];
  return demo;
}

function parseStep(s: unknown, at: string, fail: (msg: string) => never): DemoStep {
  if (!isObject(s)) return fail(`${at} must be an object`);
  const action = s['action'];
  if (typeof action !== 'string' || !(DEMO_ACTIONS as readonly string[]).includes(action)) return fail(`${at}.action must be one of ${DEMO_ACTIONS.join(', ')} (got ${JSON.stringify(action)})`);
  const step: DemoStep = { action: action as DemoStep['action'], element: parseElement(s['element'], `${at}.element`, fail) };
  for (const k of STEP_STRINGS) {
    if (s[k] === undefined) continue;
    if (typeof s[k] !== 'string') fail(`${at}.${k} must be a string`);
    step[k] = s[k] as string;
  }
  if (s['valueSource'] !== undefined) {
    if (typeof s['valueSource'] !== 'string' || !SOURCES.includes(s['valueSource'])) fail(`${at}.valueSource must be one of ${SOURCES.join(', ')}`);
    step.valueSource = s['valueSource'] as DemoStep['valueSource'];
  }
  if ((action === 'type' || action === 'select') && step.value === undefined) fail(`${at}: a ${action} step needs a "value"`);
  return step;
}

function parseElement(e: unknown, at: string, fail: (msg: string) => never): PageElement {
  if (!isObject(e)) return fail(`${at} must be an object`);
  if (typeof e['tag'] !== 'string' || !e['tag']) return fail(`${at}.tag must be a non-empty string`);
  const el: PageElement = { tag: e['tag'].toLowerCase() };
  for (const k of ELEMENT_STRINGS) {
    if (e[k] === undefined) continue;
    if (typeof e[k] !== 'string') fail(`${at}.${k} must be a string`);
    el[k] = e[k] as string;
  }
  if (e['region'] !== undefined) {
    if (!REGIONS.includes(e['region'] as Region)) fail(`${at}.region must be one of ${REGIONS.join(', ')}`);
    el.region = e['region'] as Region;
  }
  if (e['formIndex'] !== undefined) {
    if (!Number.isInteger(e['formIndex'])) fail(`${at}.formIndex must be an integer`);
    el.formIndex = e['formIndex'] as number;
  }
  if (e['layout'] !== undefined) el.layout = parseBox(e['layout'], `${at}.layout`, fail);
  return el;
}

function parseBox(b: unknown, at: string, fail: (msg: string) => never): Box {
  if (!isObject(b)) return fail(`${at} must be an object {x, y, width, height}`);
  for (const k of ['x', 'y', 'width', 'height']) if (typeof b[k] !== 'number' || !Number.isFinite(b[k])) fail(`${at}.${k} must be a number`);
  return { x: b['x'] as number, y: b['y'] as number, width: b['width'] as number, height: b['height'] as number };
}

export function loadDemo(file: string): Demo {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new DemoError(`${file}: cannot read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new DemoError(`${file}: not valid JSON (${(err as Error).message})`);
  }
  return parseDemo(json, file);
}

/** Every `*.json` demo in `dir`, in file-name order. */
export function loadDemos(dir: string): Demo[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new DemoError(`${dir}: no such demo directory`);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => loadDemo(join(dir, f)));
}

export function saveDemo(file: string, demo: Demo): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`);
}
