/** One weighted value of an LVS label: higher weight = more typical of the domain. */
export interface WeightedValue {
  value: string;
  /** In (0, 1]. */
  weight: number;
}

/**
 * A HiWE label: the concept a form field may stand for (e.g. "artist"), the words sites use
 * for it, and the values an expert of the domain would type or pick for it.
 */
export interface LvsLabel {
  label: string;
  aliases: string[];
  values: WeightedValue[];
  /** How values are read: years and numbers can be range ends (min/max fields). Default 'text'. */
  kind?: 'text' | 'year' | 'number' | 'range';
}

/** The Label Value Set table of one ODP domain (`lvs-tables/<domain>.json`). */
export interface LvsTable {
  domain: string;
  labels: LvsLabel[];
}

/** A form field as the matcher needs it (perceive/ produces richer records; these fields suffice). */
export interface FieldInfo {
  /** Visible label text (from <label>, aria-label, nearby text). */
  label: string;
  name: string;
  id?: string;
  /** Lower-case tag name: input, select, textarea. */
  tag: string;
  /** Input type (text, search, number, radio, select-one …). */
  type: string;
  placeholder?: string;
  options?: { value: string; text: string; selected?: boolean }[];
}

export interface FieldOption {
  value: string;
  text: string;
}

/** Where the values for a field come from, and why (for explainable form filling). */
export type FieldValueSource =
  /** An LVS attribute label matched the field; `matchedBy` says how ('alias:writer', 'lemma:artist', 'name:author' …). */
  | { kind: 'lvs'; label: LvsLabel; score: number; matchedBy: string }
  /** A select, radio group or checkbox group: its own non-placeholder options are the values. */
  | { kind: 'options'; options: FieldOption[] }
  /** One end of a range (min/max, from/to, year_from …); `label` is the numeric LVS label it ranges over, if known. */
  | { kind: 'range'; end: 'min' | 'max'; label?: LvsLabel; matchedBy?: string }
  /** A free-text query field with no better match: use the keyword label and the keyword pool. */
  | { kind: 'keyword'; label?: LvsLabel; score?: number; matchedBy?: string }
  /** Not a field to fill with query values (password, e-mail, unrelated text …). */
  | { kind: 'none'; reason?: string };
