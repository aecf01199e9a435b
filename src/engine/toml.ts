import { createRequire } from 'node:module';
import type { TomlTable } from 'smol-toml';

// `smol-toml` loads on the first TOML file parsed (a Cargo manifest, a mise config, a runner's config), not
// with the module that may need it (issue 31, as engine/yaml.ts): synchronous, by a `require` of its
// CommonJS build, which scripts/build.mjs leaves outside the bundle. Every user of the package imports this.
const load = createRequire(import.meta.url);
let toml: typeof import('smol-toml') | undefined;

export function parseToml(text: string): TomlTable {
  toml ??= load('smol-toml') as typeof import('smol-toml');
  return toml.parse(text);
}
