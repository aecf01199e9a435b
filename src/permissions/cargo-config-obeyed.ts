import { basename, dirname } from 'node:path';
import { cargoConfigText, toolchainText } from './hook-runner-cargo-config.js';
import { wholeTree } from './obeyed-env-runtime.js';
import type { Loaded } from './home-sources-expand.js';
import { isToolchainName } from './cargo-files.js';

// What the person's own cargo and rustup obey with no hook running them (red team R18-21, CRITICAL): cargo merges
// `.cargo/config.toml` (or the older `.cargo/config`) of the folder it runs in and of every folder above it, and
// runs what they name (`[build] rustc`, `rustc-wrapper`, `rustc-workspace-wrapper`, `rustdoc`, `[target.*] runner`
// and `linker`, `[env]` values, rustflags' linker options, `[alias]` words); rustup runs the programs of the
// toolchain folder a `rust-toolchain(.toml)` there names (`[toolchain] path`). The person runs cargo in any
// folder, so these files count at every depth of the workspace and above it (read like mise's files:
// home-sources.ts projectItems; the folders that may hold them: cargo-files.ts). The reading is the cargo hook
// row's (hook-runner-cargo-config.ts), one place: a construct it does not understand obeys the whole work tree,
// named.

// What one of these files (`file`, absolute) names, as absolute paths; a construct not understood: the whole tree.
export function cargoLoads(text: string, _vars: Map<string, string>, file: string): Loaded[] {
  const out: Loaded[] = [];
  const obey = (path: string): void => void out.push({ path });
  const toolchain = isToolchainName(basename(file));
  const name = toolchain ? basename(file) : `.cargo/${basename(file)}`;
  const fail = (why: string): void => void out.push(wholeTree(`${toolchain ? 'rustup' : 'cargo'} reads ${name}: ${why}`));
  // A toolchain folder is obeyed whole (its bin/ programs, the libraries they load).
  if (toolchain) toolchainText(text, dirname(file), (path) => void out.push({ path, folder: true }), fail);
  // An `[env]` value's relative name is found from every folder below the configuration's (its packages' build scripts).
  else cargoConfigText(text, [dirname(dirname(file))], obey, fail, undefined, undefined, (path, glob) => void out.push({ path, glob }));
  return out;
}
