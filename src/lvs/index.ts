/**
 * LVS: HiWE's Label Value Set tables, matching form fields to LVS labels, value weights that
 * learn from harvest, and the keyword pool grown from harvested records (less each site's record template).
 */
export type { FieldInfo, FieldOption, FieldValueSource, LvsLabel, LvsTable, WeightedValue } from './types.ts';
export { LVS_DOMAINS, isLvsDomain, type LvsDomain } from './domains.ts';
export { DEFAULT_LVS_DIR, LvsTableError, keywordLabel, loadLvsTable, validateLvsTable } from './tables.ts';
export { isPlaceholderOption, matchFieldToLvs, rankLvsLabels, realOptions, type LvsCandidate } from './match.ts';
export { isQueryName, nameTokens, splitIdentifier } from './field-tokens.ts';
export { ValueWeights, type ValueOutcome, type ValueStats, type ValueWeightsOptions } from './weights.ts';
export { KeywordPool, extractTerms, extractWords, type PoolRanking, type PoolTerm, type RankOptions, type TermContext, type TermContextCount, type TermStats } from './keyword-pool.ts';
export { analyse, type NlpToken } from './nlp.ts';
export { createRng } from './random.ts';
export { RECORD_PARTS, RecordPool, type PooledRecord } from './record-pool.ts';
export { JUDGE_FROM, RecordTemplate, textLines } from './record-template.ts';
