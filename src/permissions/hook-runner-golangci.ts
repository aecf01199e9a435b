// What `golangci-lint run` runs (issue 26, red team F2). golangci-lint's docs ("Configuration File": `.golangci.yml`,
// `.yaml`, `.toml`, `.json` in the working folder, then each parent, or the file `-c` names; "Go Plugin System":
// `linters-settings.custom.<name>.path` (v1) / `linters.settings.custom.<name>.path` (v2) is a .so it loads;
// ruleguard's `rules` are Go files it interprets). The linters read the .go files, they do not run them: the sources
// stay free, like `go vet`'s (hook-toolchains.ts). The configuration is parsed with its format's real parser; every
// text value in it that names a file of the work tree (or looks like a file: an extension) is obeyed, and under
// `custom` a folder is obeyed whole; a value spelled with a variable other than the configuration's own folder, or a
// file that does not parse, makes the line unmodelled.
import { basename, dirname, join, resolve } from 'node:path';
import { loadConfig } from './hook-runner-config.js';
import type { ToolchainArgs } from './hook-toolchains.js';
import { obeyNamed, upToTop } from './hook-runner-paths.js';
import { read, stats, type Walk } from './hook-walk.js';

const NAMES = ['.golangci.yml', '.golangci.yaml', '.golangci.toml', '.golangci.json'];
// golangci-lint's own placeholders for the configuration's folder (v1 `${configDir}`, v2 `${base-path}`/`${config-path}`).
const OWN = /^\$\{(?:configDir|config-path|base-path)\}\/?/;
const FILE = /^[^\s*?[{]+\.[A-Za-z][\w]{0,7}$/;

// Every text value of a parsed configuration, with whether it sits under a `custom` table.
function values(data: unknown, custom = false, out: { text: string; custom: boolean }[] = []): { text: string; custom: boolean }[] {
  if (typeof data === 'string') out.push({ text: data, custom });
  else if (Array.isArray(data)) for (const item of data) values(item, custom, out);
  else if (typeof data === 'object' && data !== null) for (const [key, item] of Object.entries(data)) values(item, custom || key === 'custom', out);
  return out;
}

export function golangciParts(walk: Walk, from: string, args: ToolchainArgs): void {
  const given = args.places[0];
  const candidates = given !== undefined ? [resolve(from, given)] : upToTop(walk.top, from).flatMap((folder) => NAMES.map((name) => join(folder, name)));
  for (const path of candidates) {
    const { data, why } = loadConfig(path, (one) => read(walk, one));
    if (why !== undefined) walk.unmodeled ??= `golangci-lint reads ${basename(path)}: ${why}`;
    const folder = dirname(path);
    for (const { text, custom } of values(data)) {
      const spelled = text.trim().replace(OWN, './');
      if (spelled.includes('${')) {
        walk.unmodeled ??= `golangci-lint reads ${basename(path)}: \`${text}\` (a path only known at run time)`;
        continue;
      }
      if (/^[a-z]+:\/\//i.test(spelled) || spelled === '') continue;
      // A glob (ruleguard's `rules: rules/*.go`): what it matches below the configuration's folder.
      if (/[*?]/.test(spelled) && spelled.includes('/')) {
        walk.globs.add(resolve(folder, spelled));
        continue;
      }
      const existing = [folder, from].map((base) => resolve(base, spelled)).filter((one) => stats(one) !== undefined);
      const isFile = existing.some((one) => stats(one)?.file === true) || FILE.test(spelled);
      if (isFile || (custom && (existing.length > 0 || spelled.includes('/')))) obeyNamed(walk, spelled, [folder, from]);
    }
  }
}
