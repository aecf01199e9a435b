// Shared shapes of the search/replace matcher (all offsets are in the LF-normalised view).

export interface SearchReplaceResult {
  text: string;
  replacements: number;
  // 1-based line, in the original text, where each replaced match starts.
  lines: number[];
  // Tolerances used and other remarks, for the caller's warnings.
  notes: string[];
}

export interface SearchReplaceEdit {
  search: string;
  replace: string;
  all?: boolean;
}

// One place the search text was found, and what goes there (LF line breaks; the caller picks the EOL).
export interface ViewMatch {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
  readonly note?: string;
}

// A matching strategy over (view, search, replace), all LF-normalised. Yields every match, overlapping
// ones included, in ascending start order; with `overlap` false it may skip those a match overlaps.
export type Finder = (view: string, search: string, replace: string, overlap: boolean) => Iterable<ViewMatch>;
