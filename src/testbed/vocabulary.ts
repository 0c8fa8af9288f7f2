/**
 * Per-domain word lists, modelled on the ODP top-level categories. Record text draws from
 * them with Zipf-like frequencies, so every site reads like its domain and a crawler that
 * fills forms with domain words (LVS tables) does better than one that guesses.
 */

export interface DomainVocabulary {
  /** Site name shown in titles and headers. */
  siteName: string;
  /** What one hidden record is (singular, plural). */
  recordNoun: [string, string];
  /** Record categories; also the site's surface category pages. */
  categories: readonly string[];
  /** Domain nouns, most frequent first (Zipf rank order). */
  nouns: readonly string[];
  adjectives: readonly string[];
  /** Label of the creator attribute: artist, author, brand… */
  creatorLabel: string;
  /** Price range in whole currency units, or null when records have no price. */
  price: [number, number] | null;
  /** One more domain-specific attribute. */
  extra: { label: string; values: readonly string[] };
  /** Year range of records. */
  years: [number, number];
}

const words = (s: string): string[] => s.trim().split(/\s+/);

/** Common English words mixed into every text; the first ones are stop words. */
export const STOP_WORDS: readonly string[] = words(`the of and a to in is for on with as by at from this that an are be it or its was which their has have about into more other`);

export const GENERIC_WORDS: readonly string[] = words(`new guide best history collection review popular classic modern local
  world great small young public early special complete practical simple annual international national open free
  short long original common famous independent official major recent annual community story`);

/** Syllables for invented proper names (places, models, titles): rare words that identify a record. */
export const NAME_SYLLABLES: readonly string[] = words(`ka lo ve ri tam sor mi den qua bel nor fin ash ter gil oro pem zan hol rud vik sel mar tho`);

export const FIRST_NAMES: readonly string[] = words(`Anna Boris Clara David Elena Farid Greta Hugo Ines Jonas Kira Liam Maya Nils Olga Pablo Quinn Rosa Sven Tara Umar Vera Wim Xenia Yusuf Zoe Aditi Bruno Chen Dara`);
export const LAST_NAMES: readonly string[] = words(`Albers Brandt Costa Duval Eriksen Fontaine Garcia Haddad Ivanova Jensen Kowalski Laurent Moreau Novak Okafor Petrov Quist Rossi Santos Tanaka Ulrich Varga Weber Xu Yilmaz Zhang Abbott Becker Carver Dalton`);

export const VOCABULARY: Readonly<Record<string, DomainVocabulary>> = {
  arts: {
    siteName: 'Gallery Atlas', recordNoun: ['artwork', 'artworks'],
    categories: ['painting', 'sculpture', 'photography', 'printmaking', 'ceramics', 'textiles', 'drawing', 'installation'],
    nouns: words(`portrait landscape canvas gallery exhibition painter oil watercolour sculpture museum bronze etching still-life
      abstract collage fresco mural studio brushwork palette pigment impressionism baroque modernism curator triptych
      lithograph sketch figure colour light composition patron salon atelier marble woodcut`),
    adjectives: words(`luminous abstract baroque expressive muted vivid intimate monumental gilded textured rural urban surreal minimalist`),
    creatorLabel: 'Artist', price: null, extra: { label: 'Medium', values: ['oil on canvas', 'bronze', 'gelatin silver print', 'etching', 'stoneware', 'wool', 'charcoal', 'mixed media'] },
    years: [1850, 2024],
  },
  business: {
    siteName: 'Trade Register', recordNoun: ['company', 'companies'],
    categories: ['manufacturing', 'finance', 'logistics', 'consulting', 'retail', 'energy', 'construction', 'agriculture', 'telecom'],
    nouns: words(`company supplier market revenue investor logistics contract service industry export factory shareholder
      startup merger acquisition franchise warehouse wholesale procurement audit consultancy equity dividend partner
      distributor brand customer invoice payroll headquarters subsidiary venture capital`),
    adjectives: words(`global regional wholesale certified leading family-owned industrial strategic sustainable profitable listed private`),
    creatorLabel: 'Founder', price: null, extra: { label: 'Employees', values: ['1-10', '11-50', '51-200', '201-1000', '1000+'] },
    years: [1950, 2024],
  },
  computers: {
    siteName: 'Code Depot', recordNoun: ['software package', 'software packages'],
    categories: ['programming', 'databases', 'security', 'networking', 'graphics', 'operating-systems', 'internet', 'hardware'],
    nouns: words(`software compiler database server kernel library framework protocol algorithm browser network firewall encryption
      processor memory driver interpreter terminal script module plugin debugger cluster cache container virtual machine
      parser editor linux router api runtime benchmark`),
    adjectives: words(`open-source distributed embedded lightweight scalable secure portable concurrent graphical cross-platform fast modular`),
    creatorLabel: 'Developer', price: [0, 499], extra: { label: 'License', values: ['MIT', 'GPL', 'Apache', 'BSD', 'proprietary', 'freeware'] },
    years: [1985, 2024],
  },
  games: {
    siteName: 'Game Vault', recordNoun: ['game', 'games'],
    categories: ['board-games', 'video-games', 'card-games', 'puzzles', 'role-playing', 'strategy', 'trivia', 'gambling'],
    nouns: words(`game player level quest dungeon strategy puzzle card board dice tournament console arcade character
      multiplayer campaign chess poker sandbox shooter platformer racing simulation tactics hero dragon kingdom
      boss inventory score leaderboard expansion`),
    adjectives: words(`cooperative competitive retro casual epic turn-based real-time fantasy addictive challenging family-friendly`),
    creatorLabel: 'Publisher', price: [2, 90], extra: { label: 'Players', values: ['1', '1-2', '2-4', '2-6', '4-8', 'online'] },
    years: [1970, 2024],
  },
  health: {
    siteName: 'Health Compass', recordNoun: ['health topic', 'health topics'],
    categories: ['conditions', 'nutrition', 'fitness', 'mental-health', 'medicine', 'alternative', 'dentistry', 'pharmacy'],
    nouns: words(`symptom treatment diagnosis patient therapy clinic nutrition vitamin diet exercise infection vaccine allergy
      diabetes asthma cardiology medication dosage surgeon hospital wellness sleep stress anxiety immune prevention
      cholesterol blood pressure injury rehabilitation`),
    adjectives: words(`chronic acute preventive clinical holistic pediatric common rare mild severe healthy dietary`),
    creatorLabel: 'Reviewed by', price: null, extra: { label: 'Audience', values: ['patients', 'caregivers', 'clinicians', 'children', 'seniors'] },
    years: [2000, 2024],
  },
  home: {
    siteName: 'Home & Hearth', recordNoun: ['home project', 'home projects'],
    categories: ['cooking', 'gardening', 'home-improvement', 'family', 'personal-finance', 'pets', 'moving', 'decorating'],
    nouns: words(`recipe kitchen garden furniture renovation plumbing paint bathroom appliance lawn compost vegetable
      cleaning storage flooring tile roof mortgage budget pet dog cat bread soup oven herb seedling curtain lamp shelf
      tool drill wallpaper`),
    adjectives: words(`cosy easy budget seasonal homemade rustic organic energy-efficient compact quick traditional`),
    creatorLabel: 'Author', price: [5, 900], extra: { label: 'Difficulty', values: ['easy', 'moderate', 'hard', 'expert'] },
    years: [1995, 2024],
  },
  news: {
    siteName: 'Daily Ledger', recordNoun: ['story', 'stories'],
    categories: ['politics', 'world', 'economy', 'technology', 'weather', 'culture', 'sport', 'opinion', 'science'],
    nouns: words(`election government minister parliament report economy storm correspondent interview policy court
      protest budget summit agency inflation strike referendum campaign editorial press journalist headline
      border treaty verdict council mayor poll crisis`),
    adjectives: words(`breaking exclusive national international political economic regional urgent official live local`),
    creatorLabel: 'Byline', price: null, extra: { label: 'Edition', values: ['morning', 'evening', 'weekend', 'online'] },
    years: [2005, 2024],
  },
  recreation: {
    siteName: 'Outdoor Trails', recordNoun: ['trip', 'trips'],
    categories: ['hiking', 'camping', 'travel', 'fishing', 'cycling', 'climbing', 'boating', 'birding'],
    nouns: words(`trail camp hike summit lake river canoe tent map route mountain forest cabin fishing kayak bicycle
      park guide backpack lodge valley waterfall coast island birdwatching harbour ridge meadow glacier compass trailhead`),
    adjectives: words(`scenic rugged remote guided family overnight alpine coastal wild peaceful challenging`),
    creatorLabel: 'Organiser', price: [0, 2500], extra: { label: 'Region', values: ['north', 'south', 'east', 'west', 'central', 'islands'] },
    years: [2010, 2024],
  },
  reference: {
    siteName: 'Open Almanac', recordNoun: ['entry', 'entries'],
    categories: ['dictionaries', 'encyclopedias', 'maps', 'libraries', 'education', 'quotations', 'museums', 'archives'],
    nouns: words(`dictionary encyclopedia atlas library archive definition citation glossary thesaurus index manuscript
      catalogue almanac bibliography etymology chronicle register census map gazetteer quotation lexicon volume
      edition translation reference abstract appendix footnote scholar`),
    adjectives: words(`annotated illustrated comprehensive scholarly concise historical digital bilingual abridged unabridged`),
    creatorLabel: 'Editor', price: null, extra: { label: 'Language', values: ['English', 'French', 'German', 'Spanish', 'Latin', 'Dutch'] },
    years: [1700, 2024],
  },
  regional: {
    siteName: 'Region Guide', recordNoun: ['place', 'places'],
    categories: ['africa', 'asia', 'europe', 'north-america', 'south-america', 'oceania', 'middle-east', 'polar'],
    nouns: words(`city town village province district harbour capital cathedral castle bridge market square festival
      museum island valley coast border county municipality region landmark railway station river old-town port
      monastery citadel plaza boulevard neighbourhood`),
    adjectives: words(`historic coastal mountainous rural bustling medieval colonial tropical northern southern quiet`),
    creatorLabel: 'Contributor', price: null, extra: { label: 'Population', values: ['under 1k', '1k-10k', '10k-100k', '100k-1M', 'over 1M'] },
    years: [1990, 2024],
  },
  science: {
    siteName: 'Science Index', recordNoun: ['paper', 'papers'],
    categories: ['physics', 'chemistry', 'biology', 'astronomy', 'mathematics', 'geology', 'ecology', 'neuroscience'],
    nouns: words(`experiment hypothesis molecule protein galaxy theorem equation particle laboratory genome enzyme
      telescope fossil climate specimen measurement data model simulation cell neuron quantum reaction catalyst orbit
      mineral species evolution statistics observation`),
    adjectives: words(`empirical theoretical quantum molecular statistical experimental planetary cellular genetic nonlinear`),
    creatorLabel: 'Lead author', price: null, extra: { label: 'Journal', values: ['Annals of Inquiry', 'Open Letters', 'Field Notes', 'Review of Methods', 'Frontier Reports'] },
    years: [1960, 2024],
  },
  shopping: {
    siteName: 'Market Street', recordNoun: ['product', 'products'],
    categories: ['clothing', 'electronics', 'books', 'toys', 'jewelry', 'sporting-goods', 'furniture', 'beauty'],
    nouns: words(`jacket shoes laptop headphones novel watch necklace backpack camera sofa lamp toy puzzle perfume
      shirt dress charger speaker tablet ring bracelet racket sneakers blender kettle blanket mug wallet sunglasses
      umbrella keyboard`),
    adjectives: words(`waterproof wireless leather cotton handmade vintage premium compact rechargeable adjustable stylish`),
    creatorLabel: 'Brand', price: [3, 2000], extra: { label: 'Condition', values: ['new', 'refurbished', 'used - like new', 'used - good'] },
    years: [2015, 2024],
  },
  society: {
    siteName: 'Civic Circle', recordNoun: ['organisation', 'organisations'],
    categories: ['charity', 'religion', 'law', 'politics', 'genealogy', 'history', 'philosophy', 'relationships', 'volunteering'],
    nouns: words(`community charity volunteer association foundation campaign rights heritage genealogy ancestry church
      congregation advocacy justice law society membership council tradition philosophy ethics ceremony donation
      shelter outreach network alliance union club forum`),
    adjectives: words(`nonprofit civic religious secular historical voluntary grassroots cultural interfaith legal`),
    creatorLabel: 'Contact person', price: null, extra: { label: 'Scope', values: ['local', 'national', 'international', 'online'] },
    years: [1900, 2024],
  },
  sports: {
    siteName: 'Sports Desk', recordNoun: ['match report', 'match reports'],
    categories: ['football', 'basketball', 'tennis', 'cricket', 'athletics', 'cycling', 'swimming', 'hockey', 'rugby'],
    nouns: words(`match goal team league season coach player stadium championship tournament transfer injury referee
      penalty score fixture derby final cup medal race lap sprint marathon serve wicket try rally record podium`),
    adjectives: words(`thrilling decisive dramatic defensive attacking unbeaten historic late early record-breaking`),
    creatorLabel: 'Reporter', price: null, extra: { label: 'Venue', values: ['home', 'away', 'neutral'] },
    years: [1995, 2024],
  },
  'kids-and-teens': {
    siteName: 'Kid Zone', recordNoun: ['activity', 'activities'],
    categories: ['arts-and-crafts', 'school-time', 'games', 'teen-life', 'people-and-society', 'pre-school', 'sports-and-hobbies', 'computers'],
    nouns: words(`craft homework puzzle cartoon story science project club school teacher drawing coloring riddle
      experiment friendship library reading music dance camp animal dinosaur space robot volcano rainbow paper glue
      kite lego quiz`),
    adjectives: words(`fun easy colourful creative safe educational playful curious exciting friendly`),
    creatorLabel: 'Made by', price: null, extra: { label: 'Age group', values: ['4-6', '7-9', '10-12', '13-15', '16-18'] },
    years: [2008, 2024],
  },
};
