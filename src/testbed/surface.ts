/**
 * The surface web of one site: the pages links reach, their link graph and the forms they
 * hold. Articles form a random recursive tree under the category pages plus preferential-
 * attachment links (heavy-tailed in-degree, Pareto out-degree); a chained multi-part guide
 * reaches depth 7 and beyond; some sites add an endless trap (calendar or archive).
 */
import {
  contactForm, extraFormPages, FORM_PATHS, loginForm, newsletterForm, orderForm, pollForm, recoveryForm,
  registrationForm, searchFormSpec, type FormSpec,
} from './forms.ts';
import { paretoInt, streamFor, zipfSampler, type Rng } from './prng.ts';
import { slugify, type HiddenRecord } from './records.ts';
import { ARTICLES_PER_SCALE, type Scale, type SiteConfig } from './sites.ts';
import { GENERIC_WORDS, STOP_WORDS, VOCABULARY } from './vocabulary.ts';

export interface PageLink {
  href: string;
  text: string;
}

export interface SurfacePage {
  /** Path plus query, as canonicalUrl spells it. */
  path: string;
  title: string;
  kind: 'home' | 'category' | 'article' | 'guide' | 'info' | 'form' | 'search' | 'trap' | 'private';
  /** Site navigation (the same on every page). */
  nav: PageLink[];
  /** Links in the page body, internal ('/…') and off-site. */
  links: PageLink[];
  paragraphs: string[];
  forms: FormSpec[];
}

/** How many levels of an endless trap the ground truth lists. */
export const TRAP_LEVELS = 6;
export const GUIDE_PARTS = 8;
const CALENDAR_START = { year: 2024, month: 5 };

export interface Surface {
  pages: Map<string, SurfacePage>;
  featured: number[];
  navLinks: PageLink[];
  footerLinks: PageLink[];
  /** Regex sources (path part) of trap pages. */
  trapPathPatterns: string[];
  trapEntry?: string;
}

const pretty = (slug: string): string => slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
const cap1 = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function paragraph(rng: Rng, word: (r: Rng) => string): string {
  const stop = zipfSampler(STOP_WORDS, 1.1);
  const n = rng.int(2, 4);
  const sentences: string[] = [];
  for (let s = 0; s < n; s++) {
    const len = rng.int(9, 16);
    const t: string[] = [];
    for (let i = 0; i < len; i++) {
      const token = rng.chance(0.35) ? stop(rng) : rng.chance(0.8) ? word(rng) : rng.pick(GENERIC_WORDS);
      if (token !== t[t.length - 1]) t.push(token);
    }
    sentences.push(`${cap1(t.join(' '))}.`);
  }
  return sentences.join(' ');
}

export function calendarPath(year: number, month: number): string {
  return `/calendar/${year}/${String(month).padStart(2, '0')}`;
}

export function archivePath(page: number): string {
  return page <= 1 ? '/archive' : `/archive?page=${page}`;
}

export function buildSurface(site: SiteConfig, scale: Scale, seed: number, records: readonly HiddenRecord[]): Surface {
  const vocab = VOCABULARY[site.domain]!;
  const rng = streamFor(seed, site.domain, 'surface');
  const word = zipfSampler(rng.shuffle([...vocab.nouns, ...vocab.adjectives]), 1.0);
  const pages = new Map<string, SurfacePage>();
  const add = (page: Omit<SurfacePage, 'nav' | 'paragraphs' | 'forms' | 'links'> & Partial<SurfacePage>): SurfacePage => {
    const full: SurfacePage = { nav: [], links: [], paragraphs: [], forms: [], ...page };
    pages.set(full.path, full);
    return full;
  };

  // Navigation shared by every page.
  const navLinks: PageLink[] = [{ href: '/', text: 'Home' }];
  for (const f of site.search) if (f.placement === 'nav') navLinks.push({ href: f.pagePath, text: f.formId === 'advanced-search' ? 'Advanced search' : 'Search' });
  if (site.trap === 'calendar') navLinks.push({ href: calendarPath(CALENDAR_START.year, CALENDAR_START.month), text: 'Events calendar' });
  navLinks.push({ href: '/about', text: 'About' }, { href: '/contact', text: 'Contact' }, { href: '/login', text: 'Log in' });
  const footerLinks: PageLink[] = [
    { href: '/privacy', text: 'Privacy' },
    { href: '/help', text: 'Help' },
    ...(site.newsletterOnHome ? [] : [{ href: FORM_PATHS.newsletter.page, text: 'Newsletter' }]),
    { href: `http://example.invalid/odp/${site.domain}/`, text: `${pretty(site.domain)} in the Open Directory` },
    { href: `https://www.${site.domain}-partners.example.invalid/`, text: 'Our partners' },
  ];

  const home = add({ path: '/', title: `${vocab.siteName} — ${pretty(site.domain)}`, kind: 'home' });
  home.paragraphs.push(`Welcome to ${vocab.siteName}, a directory of ${vocab.recordNoun[1]} about ${site.domain.replace(/-/g, ' ')}. ${paragraph(rng, word)}`);

  // Fixed information pages.
  const about = add({ path: '/about', title: `About ${vocab.siteName}`, kind: 'info', paragraphs: [paragraph(rng, word), paragraph(rng, word)] });
  add({ path: '/about/team', title: 'Our team', kind: 'info', paragraphs: [paragraph(rng, word)] });
  add({ path: '/private/staff', title: 'Staff area', kind: 'private', paragraphs: ['Internal notes for staff. Not for search engines.'] });
  add({ path: '/private/reports', title: 'Internal reports', kind: 'private', paragraphs: [paragraph(rng, word)] });
  about.links.push({ href: '/about/team', text: 'Meet the team' }, { href: '/private/staff', text: 'Staff area' });
  pages.get('/private/staff')!.links.push({ href: '/private/reports', text: 'Internal reports' });
  add({ path: '/privacy', title: 'Privacy policy', kind: 'info', paragraphs: [paragraph(rng, word)] });
  add({ path: '/help', title: 'Help and FAQ', kind: 'info', paragraphs: [paragraph(rng, word), paragraph(rng, word)] });

  // Non-search forms.
  add({ path: FORM_PATHS.contact.page, title: `Contact ${vocab.siteName}`, kind: 'form', paragraphs: ['Questions, corrections and press enquiries: we answer within two working days.'], forms: [contactForm(site.domain)] });
  const login = add({ path: FORM_PATHS.login.page, title: 'Log in', kind: 'form', forms: [loginForm(site.domain)] });
  login.links.push({ href: FORM_PATHS.registration.page, text: 'New here? Create an account' });
  add({ path: FORM_PATHS.registration.page, title: 'Register', kind: 'form', forms: [registrationForm(site.domain)] });
  if (!site.newsletterOnHome) add({ path: FORM_PATHS.newsletter.page, title: 'Newsletter', kind: 'form', paragraphs: ['News and new additions in your inbox.'], forms: [newsletterForm(site.domain, vocab)] });
  for (const extra of site.extraForms) {
    const path = extraFormPages(extra);
    if (extra === 'password-recovery') {
      add({ path, title: 'Reset your password', kind: 'form', forms: [recoveryForm(site.domain)] });
      login.links.push({ href: path, text: 'Forgot your password?' });
    } else if (extra === 'order') {
      const offers = Array.from({ length: 3 }, (_, i) => ({ id: 900 + i, name: `${cap1(rng.pick(vocab.adjectives))} ${rng.pick(vocab.nouns)} bundle` }));
      add({ path, title: 'Special offers', kind: 'form', paragraphs: ['This week only.'], forms: offers.map((o, i) => orderForm(site.domain, o, i)) });
      home.links.push({ href: path, text: 'Special offers' });
    } else {
      add({ path, title: 'Reader poll', kind: 'form', forms: [pollForm(site.domain, vocab)] });
      home.links.push({ href: path, text: 'Vote in our poll' });
    }
  }

  // Categories, linked from the home page.
  const categoryPages = vocab.categories.map((c) => add({ path: `/category/${c}`, title: `${pretty(c)} — ${vocab.siteName}`, kind: 'category', paragraphs: [paragraph(rng, word)] }));
  for (const c of categoryPages) home.links.push({ href: c.path, text: c.title.split(' — ')[0]! });

  // Articles: a random recursive tree (parent = category or earlier article) plus
  // preferential attachment to earlier articles with Pareto-distributed out-degree.
  const articles: SurfacePage[] = [];
  const inDegree: number[] = [];
  const articleCount = ARTICLES_PER_SCALE[scale];
  const parentOf: SurfacePage[] = [];
  for (let i = 0; i < articleCount; i++) {
    const topic = word(rng);
    const title = [`${cap1(topic)}: a ${rng.pick(GENERIC_WORDS)} guide`, `Ten things about ${topic}`, `${cap1(rng.pick(vocab.adjectives))} ${rng.pick(vocab.nouns)} and ${topic}`, `Why ${topic} matters`][rng.int(0, 3)]!;
    const page = add({ path: `/articles/${i + 1}-${slugify(title)}`, title, kind: 'article', paragraphs: [paragraph(rng, word), paragraph(rng, word)] });
    const parent = i === 0 || rng.chance(0.25) ? rng.pick(categoryPages) : articles[rng.int(0, i - 1)]!;
    parent.links.push({ href: page.path, text: title });
    parentOf.push(parent);
    if (i > 0) {
      const out = paretoInt(rng, 1, 1.1, 40);
      const total = inDegree.reduce((a, b) => a + b + 1, 0);
      const chosen = new Set<number>();
      for (let k = 0; k < out && chosen.size < i; k++) {
        let x = rng.next() * total;
        let j = 0;
        while (j < i - 1 && x >= inDegree[j]! + 1) x -= inDegree[j++]! + 1;
        chosen.add(j);
      }
      for (const j of chosen) {
        page.links.push({ href: articles[j]!.path, text: articles[j]!.title });
        inDegree[j]!++;
      }
    }
    if (rng.chance(0.2)) page.links.push({ href: `http://www.${slugify(topic)}.example.invalid/`, text: `More about ${topic} (external)` });
    articles.push(page);
    inDegree.push(0);
  }
  home.links.push(...articles.slice(-6).reverse().map((a) => ({ href: a.path, text: a.title })));

  // A multi-part guide: each part linked only from the previous one, so depth grows by one per part.
  const guideTopic = slugify(`${rng.pick(vocab.adjectives)} ${rng.pick(vocab.nouns)}`);
  let previous = categoryPages[0]!;
  for (let part = 1; part <= GUIDE_PARTS; part++) {
    const page = add({ path: `/guides/${guideTopic}/part-${part}`, title: `The complete ${guideTopic.replace(/-/g, ' ')} guide, part ${part}`, kind: 'guide', paragraphs: [paragraph(rng, word)] });
    previous.links.push({ href: page.path, text: part === 1 ? `Read our ${guideTopic.replace(/-/g, ' ')} guide` : `Continue to part ${part}` });
    if (part > 1) page.links.push({ href: previous.path, text: `Back to part ${part - 1}` });
    previous = page;
  }

  // Search pages where the site table places them.
  const specs = site.search.map((f) => ({ config: f, spec: searchFormSpec(site, f, vocab) }));
  for (const { config, spec } of specs) {
    const holder = config.pagePath === '/' ? home : pages.get(config.pagePath) ?? add({ path: config.pagePath, title: config.formId === 'advanced-search' ? 'Advanced search' : `Search ${vocab.recordNoun[1]}`, kind: 'search', paragraphs: [`Search our database of ${vocab.recordNoun[1]}.`] });
    holder.forms.push(spec);
    const linkText = config.formId === 'advanced-search' ? 'Advanced search' : `Find ${vocab.recordNoun[1]}`;
    if (config.placement === 'category') categoryPages[1]!.links.push({ href: config.pagePath, text: linkText });
    else if (config.placement === 'article') {
      const host = articles.find((_, i) => categoryPages.includes(parentOf[i]!))!;
      host.links.push({ href: config.pagePath, text: linkText });
    } else if (config.placement === 'search-page') pages.get(site.search[0]!.pagePath)!.links.push({ href: config.pagePath, text: linkText });
  }
  if (site.newsletterOnHome) home.forms.push(newsletterForm(site.domain, vocab));

  // Featured records: the only hidden records a link reaches.
  const featured = rng.shuffle(records.map((_, i) => i)).slice(0, 3).sort((a, b) => a - b);

  const trapPathPatterns: string[] = [];
  let trapEntry: string | undefined;
  if (site.trap === 'calendar') {
    trapEntry = calendarPath(CALENDAR_START.year, CALENDAR_START.month);
    trapPathPatterns.push('/calendar/\\d{4}/\\d{2}');
  } else if (site.trap === 'archive') {
    trapEntry = archivePath(1);
    home.links.push({ href: trapEntry, text: 'Archive' });
    trapPathPatterns.push('/archive(\\?page=\\d+)?');
  }
  for (const page of pages.values()) page.nav = navLinks;
  return { pages, featured, navLinks, footerLinks, trapPathPatterns, trapEntry };
}

/** A page of the endless trap, built on demand; null when `path` is not one. */
export function trapPage(site: SiteConfig, surface: Surface, path: string, articlePaths: readonly PageLink[]): SurfacePage | null {
  const vocab = VOCABULARY[site.domain]!;
  if (site.trap === 'calendar') {
    const m = /^\/calendar\/(\d{4})\/(\d{2})$/.exec(path);
    if (!m) return null;
    const year = Number(m[1]);
    const month = Number(m[2]);
    if (month < 1 || month > 12 || year < 1000) return null;
    const prev = month === 1 ? calendarPath(year - 1, 12) : calendarPath(year, month - 1);
    const next = month === 12 ? (year < 9999 ? calendarPath(year + 1, 1) : null) : calendarPath(year, month + 1);
    const monthName = new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    return {
      path, title: `Events in ${monthName} ${year}`, kind: 'trap', nav: surface.navLinks,
      links: [{ href: prev, text: '« Previous month' }, ...(next ? [{ href: next, text: 'Next month »' }] : [])],
      paragraphs: [`No ${vocab.recordNoun[1]} events are scheduled for ${monthName} ${year}.`], forms: [],
    };
  }
  if (site.trap === 'archive') {
    const m = /^\/archive(?:\?page=(\d+))?$/.exec(path);
    if (!m) return null;
    const page = m[1] ? Number(m[1]) : 1;
    if (m[1] && page < 2) return null;
    const picks = articlePaths.length ? [0, 1, 2].map((k) => articlePaths[(page * 7 + k * 13) % articlePaths.length]!) : [];
    return {
      path, title: `Archive — page ${page}`, kind: 'trap', nav: surface.navLinks,
      links: [...picks, ...(page > 1 ? [{ href: archivePath(page - 1), text: 'Newer posts' }] : []), { href: archivePath(page + 1), text: 'Older posts' }],
      paragraphs: [`Older posts from ${vocab.siteName}, page ${page}.`], forms: [],
    };
  }
  return null;
}
