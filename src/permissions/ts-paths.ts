// The TypeScript path aliases a loader applies before node's resolution (red team R18-8): Next.js transpiles
// next.config.ts/.mts and resolves tsconfig `compilerOptions.paths` and `baseUrl` in it and in what it imports
// (next.js e2e `next-config-ts/import-alias-paths-with-baseurl`); vite-tsconfig-paths does the same for the modules
// vitest loads. `import p from "@/tools/cfg"` was read as a package `@` that may appear later, and tools/cfg.ts was
// free. The tsconfig is read as TypeScript does: JSON with comments and trailing commas, `extends` (a path or a
// list of them, or a package's file) followed, a child's `paths`/`baseUrl` replacing its parent's, `paths`
// relative to `baseUrl` when set, else to the file that declares them. Fail closed: a mapped name obeys every
// target's spellings (TS tries them in order), and a name that is neither mapped nor a package name node could
// install (`@/x`, `~/x`) is not understood (`unmapped`), rather than "missing, may appear later".
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { pathSpellings } from './node-resolve.js';
import type { Read } from './hook-tasks.js';

const MAX_CHAIN = 8;
// A name a package may have (a scope and a name starting with a letter or digit): `@/x`, `~/x`, `#x`, `$x` cannot.
const PACKAGE_NAME = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*(?:\/.*)?$/i;

export interface Aliases {
  // Stable text of what the aliases map (a cache key).
  readonly key: string;
  // The tsconfig files read (obeyed: changing one changes what the loader loads).
  readonly files: string[];
  // The absolute spellings a bare name may load through the aliases (none: not mapped).
  map(name: string): string[];
  // Why a bare name is not understood: not mapped and not a package name.
  unmapped(name: string): string | undefined;
  // A configuration codeward cannot read (no alias is known).
  readonly unknown?: string | undefined;
  // Whether any name may be mapped (`paths`, `baseUrl`, or an `extends` not installed whose paths are not known).
  readonly maps: boolean;
}

// JSON with comments and trailing commas (tsconfig's format) as a value, or undefined.
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      const end = /^"(?:[^"\\\n]|\\.)*"/.exec(text.slice(i));
      if (!end) return undefined;
      out += end[0];
      i += end[0].length - 1;
    } else if (char === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return undefined;
      i = end + 1;
      out += ' ';
    } else out += char;
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
}

interface Chain {
  paths?: { map: Record<string, unknown>; dir: string };
  baseUrl?: string;
  files: string[];
  // A file that cannot be read as TypeScript reads it: no alias is known.
  unknown?: string;
  // A package configuration not installed (yet): it may map names, so a name that is no package name fails closed.
  partial?: string;
}

// The file an `extends` names from the folder `dir`: a path (with `.json` added when missing) or a package's file
// in the node_modules of `dir` and each folder above up to `top`.
function extendsFile(spec: string, dir: string, top: string, read: Read): string | undefined {
  const tries = (base: string): string[] => (/\.json$/.test(base) ? [base] : [base, `${base}.json`, join(base, 'tsconfig.json')]);
  if (spec.startsWith('.') || isAbsolute(spec)) return tries(resolve(dir, spec)).find((path) => read(path) !== undefined) ?? tries(resolve(dir, spec))[0];
  for (let at = dir; ; at = dirname(at)) {
    const found = tries(join(at, 'node_modules', spec)).find((path) => read(path) !== undefined);
    if (found !== undefined || at === top || dirname(at) === at) return found;
  }
}

// TypeScript 5.5's `${configDir}` (red team R20-9): a path value starting with it is relative to the folder of the
// tsconfig being used (the leaf, `leafDir`), not of the file that spells it. Any other `${...}` is not modelled.
const CONFIG_DIR = '${configDir}';
function templated(value: string, leafDir: string, path: string, chain: Chain): string | undefined {
  const rest = value.startsWith(CONFIG_DIR) ? value.slice(CONFIG_DIR.length) : value;
  if (rest.includes('${')) return void (chain.unknown ??= `${path}: \`${value}\` (a template codeward does not model)`);
  return rest === value ? value : leafDir + (rest.startsWith('/') || rest === '' ? rest : `/${rest}`);
}

// Reads `path` and what it extends, ancestors first, into `chain`; `leafDir`: the folder of the tsconfig in use.
function readChain(path: string, top: string, read: Read, chain: Chain, depth: number, leafDir = dirname(path)): void {
  chain.files.push(path);
  if (depth > MAX_CHAIN) return void (chain.unknown ??= `${path}: extends more than ${MAX_CHAIN} configurations deep`);
  const text = read(path);
  if (text === undefined) return;
  const data = parseJsonc(text) as { extends?: unknown; compilerOptions?: { paths?: unknown; baseUrl?: unknown } } | undefined;
  if (typeof data !== 'object' || data === null) return void (chain.unknown ??= `${path}: not JSON codeward can read`);
  for (const written of [data.extends ?? []].flat()) {
    if (typeof written !== 'string') return void (chain.unknown ??= `${path}: an \`extends\` that is not text`);
    const spec = templated(written, leafDir, path, chain);
    if (spec === undefined) return;
    const parent = extendsFile(spec, dirname(path), top, read);
    // A package's configuration not installed (yet): it may map names; a name no alias maps then fails closed.
    if (parent === undefined) chain.partial ??= `${path}: extends ${spec} (not installed: its paths are not known)`;
    else readChain(parent, top, read, chain, depth + 1, leafDir);
  }
  const options = data.compilerOptions ?? {};
  if (typeof options.baseUrl === 'string') {
    const baseUrl = templated(options.baseUrl, leafDir, path, chain);
    if (baseUrl === undefined) return;
    chain.baseUrl = resolve(dirname(path), baseUrl);
  }
  if (options.paths !== undefined) {
    if (typeof options.paths !== 'object' || options.paths === null) return void (chain.unknown ??= `${path}: \`paths\` is not a table`);
    const map: Record<string, unknown> = {};
    for (const [pattern, targets] of Object.entries(options.paths)) {
      map[pattern] = [targets].flat().map((target: unknown) => (typeof target === 'string' ? templated(target, leafDir, path, chain) : target));
      if (chain.unknown !== undefined) return;
    }
    chain.paths = { map, dir: dirname(path) };
  }
}

// The aliases of the tsconfig at `tsconfig` (absolute; absent: none).
export function tsconfigAliases(tsconfig: string, top: string, read: Read): Aliases {
  const chain: Chain = { files: [] };
  readChain(tsconfig, top, read, chain, 0);
  const base = chain.baseUrl ?? chain.paths?.dir ?? dirname(tsconfig);
  const entries = Object.entries(chain.paths?.map ?? {});
  const map = (name: string): string[] => {
    const out: string[] = [];
    for (const [pattern, targets] of entries) {
      const star = pattern.indexOf('*');
      const hit = star < 0 ? (name === pattern ? '' : undefined) : name.startsWith(pattern.slice(0, star)) && name.endsWith(pattern.slice(star + 1)) && name.length >= pattern.length - 1 ? name.slice(star, name.length - (pattern.length - star - 1)) : undefined;
      if (hit === undefined) continue;
      for (const target of [targets].flat()) if (typeof target === 'string') out.push(...pathSpellings(resolve(base, target.replace('*', hit))));
    }
    // `baseUrl`: a bare name is also tried below it, before node_modules.
    if (chain.baseUrl !== undefined) out.push(...pathSpellings(resolve(chain.baseUrl, name)));
    return out;
  };
  const unmapped = (name: string): string | undefined => {
    if (chain.unknown !== undefined) return `\`${name}\` (${chain.unknown})`;
    if (map(name).length > 0 || PACKAGE_NAME.test(name)) return undefined;
    return `\`${name}\` (a name no tsconfig path maps${chain.partial === undefined ? '' : `; ${chain.partial}`})`;
  };
  const maps = chain.baseUrl !== undefined || chain.paths !== undefined || chain.partial !== undefined;
  return { key: JSON.stringify([tsconfig, chain.baseUrl, chain.paths, chain.unknown, chain.partial]), files: chain.files, map, unmapped, unknown: chain.unknown, maps };
}

// The aliases of several configurations a loader may read (tsconfig.json, jsconfig.json, one a setting names), as
// one: a name maps to every target any of them gives; not understood when none maps it (or one cannot be read).
export function unionAliases(list: readonly Aliases[]): Aliases {
  const map = (name: string): string[] => list.flatMap((one) => one.map(name));
  const unmapped = (name: string): string | undefined => {
    const broken = list.find((one) => one.unknown !== undefined);
    if (broken !== undefined) return broken.unmapped(name);
    const whys = list.map((one) => one.unmapped(name));
    return whys.some((why) => why === undefined) ? undefined : whys[0];
  };
  const unknown = list.find((one) => one.unknown !== undefined)?.unknown;
  return { key: JSON.stringify(list.map((one) => one.key)), files: list.flatMap((one) => one.files), map, unmapped, unknown, maps: list.some((one) => one.maps) };
}
