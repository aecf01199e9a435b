// The one place that switches off a repository's filter drivers for codeward's own git on the host (R12-26
// class): git status / diff (repo.ts) and the after-run index repair (sandbox/git-state-git.ts). A clean filter
// runs on a work-tree file whose stat data changed, including a file a sandboxed command just wrote, so every
// driver the configuration defines gets an empty clean, smudge and process command (an empty command is no
// filter) and required=false (an emptied required driver would fail the call instead).

// The git call listing the drivers' keys; its output is what filterOffConfig reads.
export const FILTER_KEYS_ARGS: readonly string[] = ['config', '-z', '--name-only', '--get-regexp', '^filter\\.'];

export type FiltersOff = { readonly config: readonly string[] } | { readonly unswitchable: string };

// The `-c key=value` pairs switching off every driver of a FILTER_KEYS_ARGS listing. `-c` splits at the first
// `=`, so a driver named with one (`[filter "a=b"]`: `-c filter.a=b.clean=` sets `filter.a`) or with a line
// break cannot be switched off this way: the caller refuses to run git (fail closed).
export function filterOffConfig(listing: string): FiltersOff {
  const drivers = new Set<string>();
  for (const key of listing.split('\0')) {
    const dot = key.lastIndexOf('.');
    if (dot <= 'filter.'.length || !key.startsWith('filter.')) continue;
    drivers.add(key.slice('filter.'.length, dot));
  }
  const config: string[] = [];
  for (const name of drivers) {
    if (name.includes('=') || name.includes('\n')) return { unswitchable: name };
    config.push(`filter.${name}.clean=`, `filter.${name}.smudge=`, `filter.${name}.process=`, `filter.${name}.required=false`);
  }
  return { config };
}
