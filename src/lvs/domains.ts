/** The 15 ODP top-level domains, one LVS table each, in the order the project lists them. */
export const LVS_DOMAINS = [
  'arts',
  'business',
  'computers',
  'games',
  'health',
  'home',
  'news',
  'recreation',
  'reference',
  'regional',
  'science',
  'shopping',
  'society',
  'sports',
  'kids-and-teens',
] as const;

export type LvsDomain = (typeof LVS_DOMAINS)[number];

export function isLvsDomain(domain: string): domain is LvsDomain {
  return (LVS_DOMAINS as readonly string[]).includes(domain);
}
