// npm's options as nopt reads them (red team R28-5: `npm --prefi tools run x` ran tools/package.json's script, the
// readers matched `--prefix` only). nopt takes a unique prefix of a key (`--prefi`), a key or a prefix after one dash
// too (`-prefix`), a shorthand (`-C`) or a unique prefix of one after two dashes (`--C`, `--reado`), and a word of
// single-letter shorthands as each of them (`-gC tools` is `--global --prefix tools`). long-canon.ts reads each such
// word as the full `--key` (a cluster as one word a letter), as it reads a GNU program's; a word nopt does not
// resolve (`--pre`: several keys) is left as written. npm 11.6's keys and shorthands (@npmcli/config's definitions).
import type { Cut } from './short-clusters.js';

const KEYS = `_auth access all allow-same-version allow-directory allow-file allow-git allow-remote allow-scripts also audit audit-level
  auth-type before bin-links browser bypass-2fa ca cache cache-max cache-min cafile call cert cidr color commit-hooks cpu
  dangerously-allow-all-scripts depth description dev diff diff-ignore-all-space diff-name-only diff-no-prefix diff-dst-prefix
  diff-src-prefix diff-text diff-unified dry-run editor engine-strict expect-result-count expect-results expires fetch-retries
  fetch-retry-factor fetch-retry-maxtimeout fetch-retry-mintimeout fetch-timeout force foreground-scripts format-package-lock fund git
  git-tag-version global globalconfig global-style heading https-proxy if-present ignore-scripts include include-staged
  include-workspace-root include-attestations init-author-email init-author-name init-author-url init-license init-module init-type
  init-version init-private init.author.email init.author.name init.author.url init.license init.module init.version install-links
  install-strategy json key legacy-bundling legacy-peer-deps libc link local-address location lockfile-version loglevel logs-dir
  logs-max long maxsockets message min-release-age min-release-age-exclude name node-gyp node-options noproxy offline omit
  omit-lockfile-registry-resolved only optional orgs os otp package package-lock package-lock-only pack-destination packages
  parseable allow-scripts-pending allow-scripts-pin prefer-dedupe prefer-offline prefer-online prefix preid production progress
  provenance provenance-file proxy read-only rebuild-bundle registry replace-registry-host save save-bundle save-dev save-exact
  save-optional save-peer save-prefix save-prod sbom-format sbom-type scope scopes packages-all packages-and-scopes-permission
  orgs-permission password token-description script-shell searchexclude searchlimit searchopts searchstaleness shell shrinkwrap
  sign-git-commit sign-git-tag strict-peer-deps strict-allow-scripts strict-ssl tag tag-version-prefix timing umask unicode
  update-notifier usage user-agent userconfig version versions viewer which workspace workspaces workspaces-update yes`.split(/\s+/);

// Each shorthand's expansion (several words: a key and its value).
const SHORTHANDS: Readonly<Record<string, string>> = {
  'enjoy-by': '--before', d: '--loglevel info', dd: '--loglevel verbose', ddd: '--loglevel silly', quiet: '--loglevel warn', q: '--loglevel warn',
  s: '--loglevel silent', silent: '--loglevel silent', verbose: '--loglevel verbose', desc: '--description', help: '--usage', local: '--no-global',
  n: '--no-yes', no: '--no-yes', porcelain: '--parseable', readonly: '--read-only', reg: '--registry', iwr: '--include-workspace-root',
  ws: '--workspaces', a: '--all', c: '--call', f: '--force', g: '--global', L: '--location', l: '--long', m: '--message', p: '--parseable',
  C: '--prefix', S: '--save', B: '--save-bundle', D: '--save-dev', E: '--save-exact', O: '--save-optional', P: '--save-prod', '?': '--usage',
  H: '--usage', h: '--usage', v: '--version', w: '--workspace', y: '--yes',
};
const SHORT_KEYS = Object.keys(SHORTHANDS);

// The one name of `names` that `name` is or abbreviates (abbrev's reading), else undefined.
const unique = (names: readonly string[], name: string): string | undefined => {
  if (names.includes(name)) return name;
  const found = names.filter((each) => each.startsWith(name));
  return found.length === 1 ? found[0] : undefined;
};

type NpmRewrite = { readonly at: number; readonly name: string } | { readonly at: number; readonly cuts: readonly Cut[]; readonly drop?: number };

// How nopt reads one option word: the full `--key` it names, or the letters of a shorthand cluster (`-gC`).
function npmWord(word: string): { name: string } | { cuts: Cut[]; drop?: number } | undefined {
  const typed = word.split('=')[0]!;
  let name = typed.replace(/^-+/, '');
  if (name === '' || KEYS.includes(name)) return typed.startsWith('--') ? undefined : { name: `--${name}` };
  const expansion = Object.hasOwn(SHORTHANDS, name) ? SHORTHANDS[name]! : undefined;
  // `-C` as written (every reader knows it); `--C` as what it stands for.
  if (expansion !== undefined) return typed.startsWith('--') && !expansion.includes(' ') ? { name: expansion } : undefined;
  if (name.length > 1 && [...name].every((letter) => Object.hasOwn(SHORTHANDS, letter))) {
    // nopt drops every dash first (opts31: npm 11 ran sub's script for `npm --gC sub run g`), and splits a word at
    // `=` before its letters (`-gC=sub` is `-g -C sub`): `--gC` is read as `-g -C`, `-gC=sub` as `-g -C=sub`.
    const cuts = [...name].slice(1).map((_, k) => ({ offset: k + 2, dash: true }));
    return typed.startsWith('--') ? { cuts, drop: typed.length - name.length - 1 } : { cuts };
  }
  const key = unique(KEYS, name);
  if (key !== undefined) return { name: `--${key}` };
  // A prefix of a shorthand given a value (`--loc=global`: npm 11 expands it to `--local`, a flag) is left as written,
  // so the readers that take `--loc` for `--location` keep asking (fail closed).
  const short = word.includes('=') ? undefined : unique(SHORT_KEYS, name);
  if (short !== undefined) return SHORTHANDS[short]!.includes(' ') ? undefined : { name: SHORTHANDS[short]! };
  let no = '';
  while (name.toLowerCase().startsWith('no-')) {
    no = no === '' ? 'no-' : '';
    name = name.slice(3);
  }
  const negated = no === '' ? undefined : unique(KEYS, name);
  return negated === undefined ? undefined : { name: `--no-${negated}` };
}

// The rewrites of npm's words from `from` on, up to `--`.
export function npmRewrites(words: readonly { value: string; dynamic: boolean }[], from: number): NpmRewrite[] {
  const out: NpmRewrite[] = [];
  for (let at = from; at < words.length; at++) {
    const { value, dynamic } = words[at]!;
    if (value === '--') break;
    if (dynamic || !value.startsWith('-') || value === '-') continue;
    const read = npmWord(value);
    if (read === undefined) continue;
    if ('cuts' in read) out.push({ at, cuts: read.cuts, ...(read.drop === undefined ? {} : { drop: read.drop }) });
    else if (read.name !== value.split('=')[0]) out.push({ at, name: read.name });
  }
  return out;
}
