// git's configuration from the environment (red team R7-7): GIT_CONFIG_COUNT with GIT_CONFIG_KEY_<n> and
// GIT_CONFIG_VALUE_<n>, and GIT_CONFIG_PARAMETERS (what `git -c key=value` passes to the gits it starts), are
// read by every git the person runs with that environment, like a config file: `core.hooksPath=.githooks`
// there makes `.githooks/pre-commit` a hook. The write gate reads them with the config files
// (permissions/obeyed-git.ts); parsed as git's config.c parses them.
import type { ConfigEntry } from './config-file.js';

const MAX_COUNT = 1000;

// `section.sub.section.key` -> its parts (section and key lower-case, the subsection as written).
function entryOf(name: string, value: string | undefined): ConfigEntry | undefined {
  const first = name.indexOf('.');
  const last = name.lastIndexOf('.');
  if (first <= 0 || last === name.length - 1) return undefined;
  const subsection = first === last ? undefined : name.slice(first + 1, last);
  return { section: name.slice(0, first).toLowerCase(), subsection, key: name.slice(last + 1).toLowerCase(), value };
}

// GIT_CONFIG_PARAMETERS: shell single-quoted words separated by spaces, each `'key=value'` (old form) or
// `'key'='value'` (new form, also `'key'` alone for a bare boolean); `'\''` is a quote inside a word.
function parameters(text: string): ConfigEntry[] {
  const entries: ConfigEntry[] = [];
  let at = 0;
  const word = (): string | undefined => {
    let out = '';
    let any = false;
    while (at < text.length && text[at] !== ' ' && text[at] !== '=') {
      if (text[at] === '\\' && at + 1 < text.length) {
        out += text[at + 1];
        at += 2;
      } else if (text[at] === "'") {
        const end = text.indexOf("'", at + 1);
        if (end < 0) return undefined;
        out += text.slice(at + 1, end);
        at = end + 1;
      } else {
        out += text[at];
        at += 1;
      }
      any = true;
    }
    return any ? out : undefined;
  };
  while (at < text.length) {
    if (text[at] === ' ') {
      at += 1;
      continue;
    }
    const key = word();
    if (key === undefined) break;
    let value: string | undefined;
    if (text[at] === '=') {
      at += 1;
      value = word() ?? '';
    }
    const cut = value === undefined ? key.indexOf('=') : -1;
    const entry = cut > 0 ? entryOf(key.slice(0, cut), key.slice(cut + 1)) : entryOf(key, value);
    if (entry) entries.push(entry);
  }
  return entries;
}

// Every config entry the environment gives git, in git's order (GIT_CONFIG_PARAMETERS, then the counted ones).
export function envConfigEntries(env: Readonly<Record<string, string | undefined>> = process.env): ConfigEntry[] {
  const entries = parameters(env['GIT_CONFIG_PARAMETERS'] ?? '');
  const count = Number.parseInt(env['GIT_CONFIG_COUNT'] ?? '', 10);
  for (let n = 0; Number.isFinite(count) && n < Math.min(count, MAX_COUNT); n++) {
    const key = env[`GIT_CONFIG_KEY_${n}`];
    const entry = key ? entryOf(key, env[`GIT_CONFIG_VALUE_${n}`] ?? '') : undefined;
    if (entry) entries.push(entry);
  }
  return entries;
}
