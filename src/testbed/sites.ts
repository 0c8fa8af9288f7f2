/**
 * The site table: which search behaviour, traps and trouble each of the 15 testbed sites has.
 * Every behaviour the issue asks for is on at least two sites (test/testbed/truth.test.ts
 * checks it):
 *
 * | site           | search forms (page depth)                                   | method | pages          | cap | stop words | trap     | trouble (default) |
 * |----------------|-------------------------------------------------------------|--------|----------------|-----|------------|----------|-------------------|
 * | arts           | full-text (1) + advanced multi-field (2)                    | GET    | numbered links |     | yes        | calendar |                   |
 * | business       | title-only, keyword required (1)                            | POST   | buttons        | 100 |            |          | on                |
 * | computers      | script-built form, results by fetch() (1)                   | JS     | JS next button | 100 |            |          |                   |
 * | games          | select-only: category (required) + year (2)                 | GET    | numbered links |     |            | archive  |                   |
 * | health         | full-text on the home page (0)                              | GET    | prev/next      | 100 | yes        |          | on                |
 * | home           | multi-field keyword + category + year + price range (1)     | GET    | load more (JS) |     |            |          |                   |
 * | news           | full-text (1)                                               | GET    | numbered links | 100 |            | calendar | on                |
 * | recreation     | select-only: category (required) + year (2)                 | POST   | buttons        |     |            |          |                   |
 * | reference      | title-only (1) + advanced multi-field (2)                   | GET    | numbered links |     | yes        |          |                   |
 * | regional       | full-text, keyword required (3)                             | POST   | buttons        |     |            |          | on                |
 * | science        | full-text (1) + advanced multi-field (2)                    | GET    | prev/next      |     | yes        |          |                   |
 * | shopping       | full-text on the home page (0) + advanced multi-field (1)   | GET    | load more (JS) | 100 |            |          | on                |
 * | society        | script-built form, results by fetch() (2)                   | JS     | JS next button |     |            |          |                   |
 * | sports         | title-only (1)                                              | GET    | prev/next      |     |            | archive  | on                |
 * | kids-and-teens | select-only: category (required) + year (3)                 | GET    | numbered links |     |            |          |                   |
 *
 * Every keyword form answers an empty or invalid query with an error page (HTTP 400 on some
 * sites, 200 with a message on others); select-only forms require a category.
 * Non-search forms on every site: login, registration, newsletter subscription, contact;
 * some add password recovery, add-to-cart (order) or a poll ("other").
 */

export const TESTBED_DOMAINS = [
  'arts', 'business', 'computers', 'games', 'health', 'home', 'news', 'recreation',
  'reference', 'regional', 'science', 'shopping', 'society', 'sports', 'kids-and-teens',
] as const;

export type TestbedDomain = (typeof TESTBED_DOMAINS)[number];
export type Scale = 'tiny' | 'small' | 'medium' | 'large';
/** tiny is for end-to-end tests: every path of a site (forms, result pages, traps) with a fifth of small's records and a third of its articles. */
export const SCALES: readonly Scale[] = ['tiny', 'small', 'medium', 'large'];

/** Hidden records per site. */
export const RECORDS_PER_SCALE: Readonly<Record<Scale, number>> = { tiny: 60, small: 300, medium: 3000, large: 30000 };
/** Surface articles per site (the rest of the surface is fixed pages and categories). */
export const ARTICLES_PER_SCALE: Readonly<Record<Scale, number>> = { tiny: 30, small: 90, medium: 240, large: 600 };

export const DEFAULT_PORT_BASE = 18100;
export const DEFAULT_SEED = 1;

export type SearchKind = 'fulltext' | 'title-only' | 'select-only' | 'multi-field' | 'script';
export type Pagination = 'numbered' | 'prev-next' | 'buttons' | 'load-more' | 'script-next';
/** Where the page holding a search form is linked from, which fixes its link depth. */
export type Placement = 'home' | 'nav' | 'category' | 'article' | 'search-page';

export interface SearchFormConfig {
  formId: string;
  kind: SearchKind;
  method: 'GET' | 'POST';
  placement: Placement;
  /** Surface page that holds the form. */
  pagePath: string;
  /** Endpoint that answers submissions with a result page (the JSON API for script forms). */
  action: string;
  /** Parameter names, varied across sites as on the real web. */
  params: { keyword: string; category: string; year: string; yearFrom: string; yearTo: string; priceMin: string; priceMax: string; page: string };
  pagination: Pagination;
  pageSize: number;
  /** Only the top `cap` matches of a query are ever shown. */
  cap?: number;
  /** Stop words are dropped from keyword queries (else they must match literally). */
  stopWords: boolean;
  /** HTTP status of the error page for an empty or invalid query. */
  errorStatus: 200 | 400;
  /** The keyword (or category) field is marked required. */
  required: boolean;
}

export type ExtraForm = 'password-recovery' | 'order' | 'poll';
export type TrapKind = 'calendar' | 'archive';

export interface SiteConfig {
  domain: TestbedDomain;
  search: SearchFormConfig[];
  /** Detail-page path of a record; `recordPattern` matches exactly these paths. */
  recordPath: (id: number, slug: string) => string;
  recordPattern: string;
  trap?: TrapKind;
  troubleByDefault: boolean;
  extraForms: ExtraForm[];
  /** Newsletter form sits on the home page (else on /newsletter). */
  newsletterOnHome: boolean;
}

const P = (keyword: string, category = 'category', page = 'page'): SearchFormConfig['params'] => ({
  keyword, category, year: 'year', yearFrom: 'year_from', yearTo: 'year_to', priceMin: 'price_min', priceMax: 'price_max', page,
});

interface SearchSketch extends Partial<SearchFormConfig> {
  kind: SearchKind;
  placement: Placement;
  pagePath: string;
  action: string;
}

function search(s: SearchSketch): SearchFormConfig {
  return {
    formId: 'search',
    method: 'GET',
    params: P('q'),
    pagination: 'numbered',
    pageSize: 10,
    stopWords: false,
    errorStatus: 200,
    required: false,
    ...s,
  };
}

const simplePath = (prefix: string) => (id: number) => `/${prefix}/${id}`;
const sluggedPath = (prefix: string) => (id: number, slug: string) => `/${prefix}/${id}-${slug}`;

export const SITES: Readonly<Record<TestbedDomain, SiteConfig>> = {
  arts: {
    domain: 'arts',
    search: [
      search({ kind: 'fulltext', placement: 'nav', pagePath: '/search', action: '/search/results', stopWords: true, params: P('q') }),
      search({ formId: 'advanced-search', kind: 'multi-field', placement: 'search-page', pagePath: '/search/advanced', action: '/search/advanced/results', params: P('keywords', 'genre') }),
    ],
    recordPath: simplePath('artwork'), recordPattern: '/artwork/\\d+',
    trap: 'calendar', troubleByDefault: false, extraForms: ['password-recovery'], newsletterOnHome: true,
  },
  business: {
    domain: 'business',
    search: [search({ kind: 'title-only', method: 'POST', placement: 'nav', pagePath: '/directory/search', action: '/directory/results', pagination: 'buttons', cap: 100, required: true, errorStatus: 400, params: P('company_name', 'sector') })],
    recordPath: simplePath('company'), recordPattern: '/company/\\d+',
    troubleByDefault: true, extraForms: ['order'], newsletterOnHome: false,
  },
  computers: {
    domain: 'computers',
    search: [search({ kind: 'script', placement: 'nav', pagePath: '/find', action: '/api/search', pagination: 'script-next', cap: 100, params: P('q', 'topic') })],
    recordPath: sluggedPath('software'), recordPattern: '/software/\\d+-[a-z0-9-]+',
    troubleByDefault: false, extraForms: ['order', 'password-recovery'], newsletterOnHome: false,
  },
  games: {
    domain: 'games',
    search: [search({ kind: 'select-only', placement: 'category', pagePath: '/browse', action: '/browse/results', pageSize: 20, required: true, params: P('q', 'genre') })],
    recordPath: simplePath('game'), recordPattern: '/game/\\d+',
    trap: 'archive', troubleByDefault: false, extraForms: ['order'], newsletterOnHome: true,
  },
  health: {
    domain: 'health',
    search: [search({ kind: 'fulltext', placement: 'home', pagePath: '/', action: '/search', pagination: 'prev-next', cap: 100, stopWords: true, errorStatus: 400, params: P('query', 'topic') })],
    recordPath: sluggedPath('topic'), recordPattern: '/topic/\\d+-[a-z0-9-]+',
    troubleByDefault: true, extraForms: ['password-recovery'], newsletterOnHome: true,
  },
  home: {
    domain: 'home',
    search: [search({ kind: 'multi-field', placement: 'nav', pagePath: '/projects/search', action: '/projects/results', pagination: 'load-more', params: P('keywords', 'room') })],
    recordPath: simplePath('project'), recordPattern: '/project/\\d+',
    troubleByDefault: false, extraForms: [], newsletterOnHome: false,
  },
  news: {
    domain: 'news',
    search: [search({ kind: 'fulltext', placement: 'nav', pagePath: '/search', action: '/search/results', cap: 100, errorStatus: 400, params: P('q', 'section') })],
    recordPath: simplePath('story'), recordPattern: '/story/\\d+',
    trap: 'calendar', troubleByDefault: true, extraForms: ['poll'], newsletterOnHome: true,
  },
  recreation: {
    domain: 'recreation',
    search: [search({ kind: 'select-only', method: 'POST', placement: 'category', pagePath: '/trips/finder', action: '/trips/results', pagination: 'buttons', pageSize: 20, required: true, params: P('q', 'activity') })],
    recordPath: simplePath('trip'), recordPattern: '/trip/\\d+',
    troubleByDefault: false, extraForms: [], newsletterOnHome: false,
  },
  reference: {
    domain: 'reference',
    search: [
      search({ kind: 'title-only', placement: 'nav', pagePath: '/lookup', action: '/lookup/results', stopWords: true, params: P('term', 'section') }),
      search({ formId: 'advanced-search', kind: 'multi-field', placement: 'search-page', pagePath: '/lookup/advanced', action: '/lookup/advanced/results', stopWords: true, errorStatus: 400, params: P('words', 'section') }),
    ],
    recordPath: (id) => `/entry?id=${id}`, recordPattern: '/entry\\?id=\\d+',
    troubleByDefault: false, extraForms: ['password-recovery'], newsletterOnHome: false,
  },
  regional: {
    domain: 'regional',
    search: [search({ kind: 'fulltext', method: 'POST', placement: 'article', pagePath: '/places/search', action: '/places/results', pagination: 'buttons', required: true, errorStatus: 400, params: P('search', 'continent') })],
    recordPath: sluggedPath('place'), recordPattern: '/place/\\d+-[a-z0-9-]+',
    troubleByDefault: true, extraForms: [], newsletterOnHome: true,
  },
  science: {
    domain: 'science',
    search: [
      search({ kind: 'fulltext', placement: 'nav', pagePath: '/search', action: '/search/results', pagination: 'prev-next', stopWords: true, params: P('q', 'field') }),
      search({ formId: 'advanced-search', kind: 'multi-field', placement: 'search-page', pagePath: '/search/advanced', action: '/search/advanced/results', pagination: 'prev-next', stopWords: true, params: P('all_words', 'field') }),
    ],
    recordPath: simplePath('paper'), recordPattern: '/paper/\\d+',
    troubleByDefault: false, extraForms: ['password-recovery'], newsletterOnHome: false,
  },
  shopping: {
    domain: 'shopping',
    search: [
      search({ kind: 'fulltext', placement: 'home', pagePath: '/', action: '/s', pagination: 'load-more', cap: 100, params: P('k', 'dept') }),
      search({ formId: 'advanced-search', kind: 'multi-field', placement: 'nav', pagePath: '/advanced-search', action: '/advanced-search/results', cap: 100, params: P('keywords', 'dept') }),
    ],
    recordPath: sluggedPath('product'), recordPattern: '/product/\\d+-[a-z0-9-]+',
    troubleByDefault: true, extraForms: ['order', 'password-recovery'], newsletterOnHome: true,
  },
  society: {
    domain: 'society',
    search: [search({ kind: 'script', placement: 'category', pagePath: '/directory', action: '/api/orgs', pagination: 'script-next', params: P('q', 'type') })],
    recordPath: simplePath('org'), recordPattern: '/org/\\d+',
    troubleByDefault: false, extraForms: ['poll'], newsletterOnHome: false,
  },
  sports: {
    domain: 'sports',
    search: [search({ kind: 'title-only', placement: 'nav', pagePath: '/reports/search', action: '/reports/results', pagination: 'prev-next', errorStatus: 400, params: P('headline', 'sport') })],
    recordPath: simplePath('match'), recordPattern: '/match/\\d+',
    trap: 'archive', troubleByDefault: true, extraForms: ['poll'], newsletterOnHome: false,
  },
  'kids-and-teens': {
    domain: 'kids-and-teens',
    search: [search({ kind: 'select-only', placement: 'article', pagePath: '/activities/find', action: '/activities/list', pageSize: 20, required: true, params: P('q', 'type') })],
    recordPath: simplePath('activity'), recordPattern: '/activity/\\d+',
    troubleByDefault: false, extraForms: [], newsletterOnHome: true,
  },
};

export function isTestbedDomain(domain: string): domain is TestbedDomain {
  return (TESTBED_DOMAINS as readonly string[]).includes(domain);
}

export function isScale(scale: string): scale is Scale {
  return (SCALES as readonly string[]).includes(scale);
}

/** Variant tags of one site, as ground truth lists them. */
export function searchVariantsOf(site: SiteConfig): string[] {
  const tags = new Set<string>();
  for (const f of site.search) {
    tags.add(f.kind);
    tags.add(f.kind === 'script' ? 'client-side-script' : f.method === 'GET' ? 'get' : 'post');
    tags.add(`pagination:${f.pagination}`);
    if (f.cap) tags.add('result-cap');
    if (f.stopWords) tags.add('stop-words');
    tags.add(`error-page:${f.errorStatus}`);
    if (f.required) tags.add('required-fields');
  }
  if (site.search.length > 1) tags.add('simple-and-advanced');
  return [...tags].sort();
}
