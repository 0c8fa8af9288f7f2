/** Texts of pager controls (as agent/results.ts reads them): what "next page" and "previous page" look like. */
export const NEXT_TEXT = /^\s*(?:next(?:\s+page)?|more results|older|›|»|>|→|next\s*[›»>→])\s*$|\b(?:load|show|see)\s+more\b/i;
export const PREV_TEXT = /^\s*[‹«<←]?\s*(?:prev(?:ious)?(?:\s+page)?|newer|first|last)\s*[‹«<←]?\s*$|^\s*[‹«<←]\s*$/i;
