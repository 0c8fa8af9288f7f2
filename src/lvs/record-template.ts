/**
 * A site's record template: the text lines its record pages share — menus, footer links,
 * "All rights reserved." — as opposed to each record's own content. Their words are on every
 * record page but in no record the site's search indexes, so a keyword pool that counted them
 * would rank "privacy" and "contact" as the best queries of every site (Bar-Yossef &
 * Rajagopalan 2002: template text is what repeats across a site's pages).
 *
 * A line is template when more than half of the site's record pages hold it. The first
 * records of a crawl all answer one query and may share content lines ("Sport: Football"),
 * so the judgement is not final: it is made again each time the record count doubles (from
 * JUDGE_FROM on), and a caller that re-reads its records when it changes stays linear in them.
 */

/** Records before the first judgement: too few to tell template from a shared answer. */
export const JUDGE_FROM = 8;
/** A line on more than this share of record pages is template. */
export const TEMPLATE_SHARE = 0.5;
/** Longer lines are content (a paragraph), never menu or footer chrome. */
const MAX_TEMPLATE_LINE = 160;

/** How a line is counted: case and spacing do not make another line. */
function lineKey(line: string): string {
  return line.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The lines of a page text (the snapshot puts one block per line) that hold words, as counted. */
export function textLines(text: string): string[] {
  return text
    .split('\n')
    .map(lineKey)
    .filter((l) => /\p{L}/u.test(l));
}

export class RecordTemplate {
  /** Record pages holding each line. */
  private readonly lineDf = new Map<string, number>();
  private records = 0;
  private nextJudgement = JUDGE_FROM;
  private template = new Set<string>();

  /** Lines judged template so far. */
  get lines(): ReadonlySet<string> {
    return this.template;
  }

  /**
   * Counts one record page's lines; returns true when this record made the template change,
   * so words counted under the old template must be counted again.
   */
  observe(lines: readonly string[]): boolean {
    this.records++;
    for (const line of new Set(lines)) if (line.length <= MAX_TEMPLATE_LINE) this.lineDf.set(line, (this.lineDf.get(line) ?? 0) + 1);
    if (this.records < this.nextJudgement) return false;
    this.nextJudgement *= 2;
    const judged = new Set<string>();
    for (const [line, df] of this.lineDf) if (df > TEMPLATE_SHARE * this.records) judged.add(line);
    const changed = judged.size !== this.template.size || [...judged].some((l) => !this.template.has(l));
    this.template = judged;
    return changed;
  }

  isTemplate(line: string): boolean {
    return this.template.has(line);
  }

  /** The text without its template lines (the rest as written: case tells a name from a word). */
  content(text: string): string {
    if (this.template.size === 0) return text;
    return text
      .split('\n')
      .filter((l) => !this.template.has(lineKey(l)))
      .join('\n');
  }
}
