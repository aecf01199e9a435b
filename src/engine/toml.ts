import type { TomlTable } from 'smol-toml';
import { onFirstUse } from './on-first-use.js';

// `smol-toml` loads on the first TOML file parsed (a Cargo manifest, a mise config, a runner's config), not
// with the module that may need it (on-first-use.ts). Every user of the package imports this module.
const toml = onFirstUse<typeof import('smol-toml')>('smol-toml');

export function parseToml(text: string): TomlTable {
  return toml().parse(text);
}
