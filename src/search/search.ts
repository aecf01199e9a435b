// Entry point of the search engine: ripgrep when its binary runs, the Node scan otherwise.
import { locateRipgrep, ripgrepSearch, RipgrepUnavailable } from './ripgrep.js';
import type { SearchRequest, SearchResult } from './types.js';

export type { SearchRequest, SearchResult, SearchMatch, PathMatch } from './types.js';
export { splitGlobs } from './globs.js';

async function nodeSearch(request: SearchRequest, reason: string): Promise<SearchResult> {
  request.warn(`ripgrep is not available (${reason}); searched with the built-in Node scanner (slower; --regex uses JavaScript syntax)`);
  const fallback = await import('./fallback.js');
  return fallback.nodeSearch(request);
}

export async function runSearch(request: SearchRequest): Promise<SearchResult> {
  const located = await locateRipgrep();
  if ('reason' in located) return nodeSearch(request, located.reason);
  try {
    return await ripgrepSearch(located.path, request);
  } catch (error) {
    if (error instanceof RipgrepUnavailable) return nodeSearch(request, `${located.path} did not start: ${error.message}`);
    throw error;
  }
}
