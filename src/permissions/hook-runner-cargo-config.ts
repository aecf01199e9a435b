// cargo's configuration files and rustup's toolchain file (issue 26, red team F1). The Cargo book, "Configuration":
// `.cargo/config.toml` (or `.cargo/config`) in the working folder and every parent is merged; a path with a slash
// in an executable or path value (`[target.*] runner`/`linker`, `[build] rustc-wrapper`/`rustc`/`rustdoc`,
// `[env]`, rustflags' `-C linker=`) is relative to the folder holding `.cargo`; `[alias]` cannot redefine a built-in
// command but shadows an external one (`clippy`, `fmt`, `nextest`). rustup's "Overrides": rust-toolchain(.toml)
// in the working folder or a parent; its `path` names a toolchain folder whose programs run.
// ALLOW-LIST of the tables: any other (`[unstable]`, `[host]`, `[credential-provider]`...) or a file that does not
// parse makes the line unmodelled. Every path value is obeyed (a folder whole).
import { basename, dirname, join, resolve } from 'node:path';
import { parseToml } from '../engine/toml.js';
import { aliasLine, type Seen } from './hook-runner-cargo-alias.js';
import { directive, rustcWords, type Named } from './hook-runner-cargo-flags.js';
import { envTable, type Below } from './hook-runner-cargo-env.js';
import { inside } from './hook-spelling.js';
import { upToTop } from './hook-runner-paths.js';
import { read, stats, type Walk } from './hook-walk.js';
import { CARGO_CONFIGS, TOOLCHAIN_FILES } from './cargo-files.js';

const TABLES = new Set(['alias', 'build', 'target', 'env', 'term', 'net', 'http', 'registries', 'registry', 'source', 'patch', 'profile', 'cargo-new', 'future-incompat-report', 'install', 'doc', 'resolver', 'cache', 'paths']);
// `[unstable]` keys (the Cargo book, "Unstable Features") that switch a behaviour and name no file or program: a
// person's `~/.cargo/config.toml` with `build-std` must not make every workspace below the home obeyed whole
// (R18-21 reads the files above the workspace). Any other key (`config-include` names a file, `codegen-backend` a
// library) is not understood.
const UNSTABLE = new Set(['build-std', 'build-std-features', 'mtime-on-use', 'avoid-dev-deps', 'minimal-versions', 'direct-minimal-versions', 'unstable-options', 'sparse-registry', 'gc', 'panic-abort-tests', 'binary-dep-depinfo', 'check-cfg', 'msrv-policy', 'public-dependency', 'trim-paths', 'profile-rustflags', 'target-applies-to-host', 'host-config', 'no-index-update', 'checksum-freshness', 'rustdoc-scrape-examples', 'build-plan', 'dual-proc-macros', 'feature-unification']);
// Keys whose value is a folder even without a slash (`directory = "vendor"`: a replaced source's crates).
const FOLDERS = new Set(['target-dir', 'directory', 'local-registry', 'path', 'paths']);

export type Obey = (path: string) => void;
// Keys whose words are rustc's options (R18-4: `-C link-arg=-Btools` runs tools/ld), and a `links` override's
// keys (`[target.<triple>.<lib>]`), read like the build-script directives they replace.
const RUSTFLAGS = new Set(['rustflags', 'rustdocflags']);
const OVERRIDES = /^(?:rustc-link-arg[\w-]*|rustc-cdylib-link-arg|rustc-flags|rustc-link-search)$/;

// What compiler or linker words name (obeyed from the folder holding `.cargo` and from the top); the first
// option form not understood.
function optionWords(value: unknown, key: string, obey: Obey): string | undefined {
  const items = (Array.isArray(value) ? value : [value]).filter((one): one is string => typeof one === 'string');
  // cargo splits a string at spaces; an array's items are the words as they are.
  const words = Array.isArray(value) ? items : items.flatMap((one) => one.split(/\s+/));
  const named = RUSTFLAGS.has(key) ? rustcWords(words) : OVERRIDES.test(key) ? items.map((one) => directive(`cargo:${key}=${one}`) ?? { paths: [] }).reduce((all, one) => ({ paths: [...all.paths, ...one.paths], ...(all.unknown ?? one.unknown ? { unknown: all.unknown ?? one.unknown } : {}) }), { paths: [] } as Named) : undefined;
  for (const path of named?.paths ?? []) obey(path);
  return named?.unknown;
}

// Each path a value names: the words (split at spaces, `=` and `,`) that hold a slash, or the whole value of a folder key.
// `whole`: the value as written (its items are read as words once, together).
// `bases`: the folder holding `.cargo` (what a path value is relative to), then where rustc and the linker may
// run (the top: a workspace's root), from where a compiler or linker option's path is found too.
function pathValues(value: unknown, key: string, bases: readonly string[], obey: Obey, fail: (why: string) => void, whole = true): void {
  const base = bases[0]!;
  const unknown = whole ? optionWords(value, key, (path) => bases.forEach((one) => obey(resolve(one, path)))) : undefined;
  if (unknown !== undefined) fail(`\`${key}\` holds \`${unknown}\` (an option form codeward cannot read)`);
  if (Array.isArray(value)) for (const item of value) pathValues(item, key, bases, obey, fail, false);
  // A `links` override's `rustc-env` table is set like a build script's `cargo:rustc-env`: read like `[env]`.
  else if (key === 'rustc-env') envTable(value, bases, obey, fail);
  else if (typeof value === 'object' && value !== null) {
    for (const [inner, item] of Object.entries(value)) pathValues(item, inner, bases, obey, fail);
  }
  else if (typeof value === 'string') {
    if (FOLDERS.has(key) && value.trim() !== '') obey(resolve(base, value.trim()));
    for (const word of value.split(/[\s=,]+/)) if (word.includes('/')) obey(resolve(base, word));
  }
}

// What one cargo configuration text names (`name`: as messages show it; `folder`: the folder holding `.cargo`;
// `bases`: see pathValues): each path goes to `obey`, each construct not understood to `fail`. `sub`: the
// sub-command a hook runs (its alias is not followed); undefined: every alias's words are read as paths (the
// person's own `cargo <alias>`, cargo-config-obeyed.ts). `below`: where an `[env]` value's relative name is found from
// every folder below the first base (hook-runner-cargo-env.ts).
export function cargoConfigText(text: string, bases: readonly string[], obey: Obey, fail: (why: string) => void, sub?: string, seen?: Seen, below?: Below): void {
  let data: Record<string, unknown>;
  try {
    data = parseToml(text) as Record<string, unknown>;
  } catch {
    return fail('it does not parse');
  }
  const unknown = Object.keys(data).find((key) => !TABLES.has(key) && key !== 'unstable');
  if (unknown !== undefined) fail(`\`[${unknown}]\` (a table codeward does not model)`);
  const unstable = data['unstable'];
  // `codegen-backend = true` only switches the feature on (Bevy's cranelift set-up, red team 19 F6): the backend is named
  // in a profile, by a component name or a path (a path is obeyed there).
  const allowed = (key: string, value: unknown): boolean => UNSTABLE.has(key) || (key === 'codegen-backend' && typeof value === 'boolean');
  const flag = typeof unstable === 'object' && unstable !== null && !Array.isArray(unstable) ? Object.entries(unstable).find(([key, value]) => !allowed(key, value))?.[0] : unstable === undefined ? undefined : '';
  if (flag !== undefined) fail(`\`[unstable] ${flag}\` (an unstable option codeward does not model)`);
  const alias = data['alias'] as Record<string, unknown> | undefined;
  if (sub !== undefined && alias !== undefined && Object.hasOwn(alias, sub)) fail(`\`[alias] ${sub}\` (an alias of the sub-command the hook runs)`);
  // Each alias is a cargo command line the person may run (`cargo b`), with or without a hook (R19-6).
  for (const [name, line] of Object.entries(typeof alias === 'object' && alias !== null ? alias : {})) {
    aliasLine(name, line, bases, obey, fail, (inner, innerBases) => cargoConfigText(inner, innerBases, obey, fail, sub, seen, below), seen);
  }
  const { alias: _alias, env, unstable: _unstable, ...rest } = data;
  pathValues(sub === undefined ? { ...rest, alias } : rest, '', bases, obey, fail);
  // `[env]` values reach build scripts (CFLAGS, CC), rustc and the binaries cargo runs: read by what reads each name.
  envTable(env, bases, obey, fail, below);
}

// The toolchain folder a rust-toolchain(.toml) text in `folder` names (rustup's `[toolchain] path`; a legacy
// one-line file naming a path), given to `obey`; `fail` when it does not parse.
export function toolchainText(text: string, folder: string, obey: Obey, fail: (why: string) => void): void {
  const line = text.trim();
  if (!/\bpath\s*=/.test(text)) return void (!line.includes('\n') && line.includes('/') && obey(resolve(folder, line)));
  try {
    const toolchain = (parseToml(text) as { toolchain?: { path?: unknown } }).toolchain;
    if (typeof toolchain?.path === 'string') obey(resolve(folder, toolchain.path));
  } catch {
    fail('it does not parse');
  }
}

// Reads the cargo configuration files from `from` up to the top, and the toolchain files; `sub` is the sub-command.
export function cargoConfigs(walk: Walk, from: string, sub: string | undefined): void {
  const obey: Obey = (path) => void (inside(walk.top, path) && walk.files.add(path));
  // An alias's --config file is read apart from the walk: its stamp (its folder's, when missing) keys the cache.
  const seen: Seen = (path) => void walk.sources.push(stats(path) === undefined ? dirname(path) : path);
  // A relative `[env]` name found from the folders below a configuration (a glob above the top starts at the top).
  const below: Below = (at, glob) => void walk.globs.add(join(inside(walk.top, at) ? at : walk.top, glob));
  for (const folder of upToTop(walk.top, from)) {
    for (const name of CARGO_CONFIGS) {
      const path = join(folder, name);
      walk.files.add(path);
      const text = read(walk, path);
      if (text !== undefined) cargoConfigText(text, [folder, walk.top], obey, (why) => void (walk.unmodeled ??= `cargo reads ${name}: ${why}`), sub, seen, below);
    }
    for (const name of TOOLCHAIN_FILES) {
      const path = join(folder, name);
      walk.files.add(path);
      const text = read(walk, path);
      if (text !== undefined) toolchainText(text, folder, obey, (why) => void (walk.unmodeled ??= `rustup reads ${basename(path)}: ${why}`));
    }
  }
}
