/**
 * The hidden records of one site: title, text and attributes, drawn from the domain's
 * vocabulary with Zipf-like word frequencies. Each title carries an invented proper name
 * (a rare word), so every record has some query that singles it out.
 */
import { paretoInt, streamFor, zipfSampler, type Rng } from './prng.ts';
import { RECORDS_PER_SCALE, type Scale, type TestbedDomain } from './sites.ts';
import { FIRST_NAMES, GENERIC_WORDS, LAST_NAMES, NAME_SYLLABLES, STOP_WORDS, VOCABULARY } from './vocabulary.ts';

export interface HiddenRecord {
  id: number;
  slug: string;
  title: string;
  text: string;
  category: string;
  year: number;
  creator: string;
  /** Whole currency units; only on domains with prices. */
  price?: number;
  extra: string;
}

export function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48) || 'x';
}

const capitalise = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

function properName(rng: Rng): string {
  const n = rng.chance(0.7) ? 3 : 2;
  let name = '';
  for (let i = 0; i < n; i++) name += rng.pick(NAME_SYLLABLES);
  return capitalise(name);
}

export function generateRecords(domain: TestbedDomain, scale: Scale, seed: number): HiddenRecord[] {
  const vocab = VOCABULARY[domain]!;
  const rng = streamFor(seed, domain, 'records');
  // The seed decides which domain words are common: rank order is a seeded shuffle.
  const domainWords = rng.shuffle([...vocab.nouns, ...vocab.adjectives]);
  const domainWord = zipfSampler(domainWords, 1.0);
  const stopWord = zipfSampler(STOP_WORDS, 1.1);
  const genericWord = zipfSampler(rng.shuffle([...GENERIC_WORDS]), 1.0);
  const count = RECORDS_PER_SCALE[scale];
  const records: HiddenRecord[] = [];
  let id = 1000 + rng.int(0, 500);
  for (let i = 0; i < count; i++) {
    id += rng.int(1, 7);
    const name = properName(rng);
    const noun = rng.pick(vocab.nouns);
    const adjective = rng.pick(vocab.adjectives);
    const title = [
      () => `${capitalise(adjective)} ${noun} ${name}`,
      () => `${name} ${noun}`,
      () => `The ${noun} of ${name}`,
      () => `${name}: ${adjective} ${noun}`,
    ][rng.int(0, 3)]!();
    const category = rng.pick(vocab.categories);
    const sentences: string[] = [];
    const sentenceCount = paretoInt(rng, 3, 2.5, 9);
    for (let s = 0; s < sentenceCount; s++) {
      const len = rng.int(8, 15);
      const tokens: string[] = [];
      for (let t = 0; t < len; t++) {
        const r = rng.next();
        const token = r < 0.35 ? stopWord(rng) : r < 0.8 ? domainWord(rng) : r < 0.95 ? genericWord(rng) : r < 0.98 ? name : category.replace(/-/g, ' ');
        // No word twice in a row ("the the"): it reads like a broken generator.
        if (token !== tokens[tokens.length - 1]) tokens.push(token);
      }
      sentences.push(`${capitalise(tokens.join(' '))}.`);
    }
    const [lo, hi] = vocab.price ?? [0, 0];
    const price = vocab.price ? Math.round(Math.exp(Math.log(lo + 1) + rng.next() * (Math.log(hi + 1) - Math.log(lo + 1))) - 1) : undefined;
    records.push({
      id,
      slug: slugify(title),
      title,
      text: sentences.join(' '),
      category,
      year: rng.int(vocab.years[0], vocab.years[1]),
      creator: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
      ...(price === undefined ? {} : { price }),
      extra: rng.pick(vocab.extra.values),
    });
  }
  return records;
}
