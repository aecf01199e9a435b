// The package a runner line's scripts come from (npm23 LEFT): `npm --prefix sub run g`, `npm run g -w pkg` /
// `--workspace=pkg` / `-ws`, `yarn workspace a x`, `yarn --cwd sub x`, `pnpm --filter a x`, `pnpm -C sub x`, `pnpm -r x`,
// `bun --cwd sub x` run THAT package's package.json script, which the plain reading (shell/run-scripts.ts) does not
// name. Each place option is taken off the line and the line is read in each folder it names: a folder option from
// the run folder, a workspace name or path among the workspace packages (hook-workspaces.ts: a name no package has,
// a pnpm selector, or `-ws` / `-r`: every package). A place only known at run time (`--prefix "$D"`) or outside the
// workspace is returned as `unknown`: the caller asks.
import { folderWord } from '../shell/folder-word.js';
import { sameProgram } from '../shell/program-aliases.js';
import { readGitMetadataOr } from '../git/config-read.js';
import { pmCommand } from './hook-pm-commands.js';
import { reachedPackages } from './hook-workspaces.js';
import { inside } from './hook-spelling.js';
import { placeWords } from './package-places.js';

const MAX_BYTES = 1024 * 1024;

export interface ScriptPlace {
  readonly folder: string;
  readonly line: string;
}

const readText = (path: string): string | undefined => {
  const got = readGitMetadataOr(path, MAX_BYTES);
  return typeof got === 'object' ? got.text : undefined;
};

// The folders and the line without its place options; undefined when the line names no place (read as it is).
export function scriptPlaces(line: string, runDir: string, top: string): { places: ScriptPlace[]; unknown?: string } | undefined {
  const words = line.trim().split(/\s+/);
  const manager = words[0]!;
  let rest = words.slice(1);
  const named: string[] = [];
  let every = false;
  // `yarn workspace NAME x`, `yarn workspaces foreach [options] run x`.
  if (manager === 'yarn' && rest[0] === 'workspace' && rest[1] !== undefined) {
    named.push(rest[1]);
    rest = rest.slice(2);
  } else if (manager === 'yarn' && rest[0] === 'workspaces' && rest[1] === 'foreach') {
    every = true;
    rest = rest.slice(2).filter((word, i, all) => !all.slice(0, i + 1).every((one) => one.startsWith('-')));
  } else if (manager === 'yarn' && rest[0] === 'workspaces' && rest[1] === 'run') {
    // yarn 1's `yarn workspaces run x`: every workspace package's x (red team R24-10).
    every = true;
    rest = rest.slice(1);
  } else if (manager === 'lerna') return lernaPlaces(rest, runDir, top, line);
  const placed = placeWords(manager, rest);
  if ('unknown' in placed) return { places: [], unknown: `\`${line}\` ${placed.unknown}` };
  const { kept, folders } = placed;
  const names = [...named, ...placed.names];
  every ||= placed.every;
  if (folders.length === 0 && names.length === 0 && !every) return undefined;
  const dynamic = names.find((value) => /[$`]/.test(value) || value.includes('\u0000'));
  if (dynamic !== undefined) return { places: [], unknown: `\`${line}\` runs the scripts of a package only known at run time (${dynamic})` };
  // The last folder option wins, read as the shell expands it (shell/folder-word.ts: `s*`, `~+/sub`, `$PWD/sub`;
  // R29-2); workspace names are looked for from there.
  // logical: npm --prefix, pnpm --dir and yarn --cwd are node's path.resolve on the text (bun's --cwd read so too).
  const read = folders.length > 0 ? folderWord(folders[folders.length - 1]!, runDir) : { folders: [runDir] };
  if (read.unknown !== undefined) return { places: [], unknown: `\`${line}\` runs the scripts of a package only known at run time (${read.unknown})` };
  const bases = read.folders;
  if (bases.some((base) => base.startsWith('~') || !inside(top, base))) return { places: [], unknown: `\`${line}\` runs the scripts of a package outside the workspace` };
  let targets = [...bases];
  if (names.length > 0 || every) {
    targets = [];
    for (const name of every ? [undefined] : names) {
      // A pnpm selector (`./pkgs/**`, `a...`, `{dir}`, `!a`) or a scope glob: every package.
      const plain = name !== undefined && /^[\w@./-]+$/.test(name) && !name.includes('...') ? name : undefined;
      for (const base of bases) {
        const reached = reachedPackages(base, { tool: manager, names: [], ...(plain === undefined ? {} : { only: plain }) }, readText);
        targets.push(...reached.folders);
      }
    }
  }
  // `pnpm -r exec npm run g`, `npm exec -w m -- npm run g`: the command runs in each package's folder (R25-10).
  const at = kept.findIndex((word) => !word.startsWith('-'));
  const sub = kept[at];
  // Any other command `exec` runs in a folder an option names (`npm --prefix d exec x`): the package files that folder
  // holds (`.npmrc`'s node-options, script-shell) are read. In the workspaces' packages (-w, -ws) the run folder's line
  // is read as it is, whose `.bin` shadow check covers every package, links too (R38-b7).
  if (sub === 'exec') return execPlaces(kept.slice(at + 1), [...new Set(targets)], line) ?? (names.length === 0 && !every ? { places: [...new Set(targets)].map((folder) => ({ folder, line: [manager, ...kept].join(' ') })) } : undefined);
  const script = sub !== undefined && manager !== 'npm' && !['run', 'run-script'].includes(sub) && pmCommand(manager, [sub]).names[1] === sub ? [...kept.slice(0, at), 'run', ...kept.slice(at)] : kept;
  return { places: [...new Set(targets)].map((folder) => ({ folder, line: [manager, ...script].join(' ') })) };
}

// `lerna run x [--scope NAME]` runs the npm script x of every package lerna.json (or the workspaces) names, or of
// the scoped ones (a glob: every package); other lerna commands run no package script here (`lerna exec -- CMD`:
// the command is judged as the line it is).
// Options may stand before the script (yargs: `lerna run --scope m g`), so every word that is not an option is taken
// for the script in turn (a value read as a script only reads more: R25-10); `lerna exec [--] CMD` runs CMD in each
// package's folder.
function lernaPlaces(rest: readonly string[], runDir: string, top: string, line: string): { places: ScriptPlace[]; unknown?: string } | undefined {
  if (rest[0] !== 'run' && rest[0] !== 'exec') return undefined;
  const end = rest.indexOf('--');
  const words = rest.slice(1, end < 0 ? undefined : end);
  const scripts = words.filter((word) => !word.startsWith('-'));
  if (rest[0] === 'run' && scripts.length === 0) return { places: [], unknown: `\`${line}\` names no script` };
  const at = rest.findIndex((word) => word === '--scope' || word.startsWith('--scope='));
  const scope = at < 0 ? undefined : rest[at]!.startsWith('--scope=') ? rest[at]!.slice(8) : rest[at + 1];
  if (/[$`]/.test(`${scripts.join(' ')}${scope ?? ''}`)) return { places: [], unknown: `\`${line}\` runs the scripts of a package only known at run time` };
  if (!inside(top, runDir)) return { places: [], unknown: `\`${line}\` runs the scripts of a package outside the workspace` };
  const only = scope !== undefined && /^[\w@./-]+$/.test(scope) ? scope : undefined;
  const folders = [...new Set(reachedPackages(runDir, { tool: 'lerna', names: [], ...(only === undefined ? {} : { only }) }, readText).folders)];
  if (rest[0] === 'exec') return execPlaces(end < 0 ? words.slice(words.findIndex((word) => !word.startsWith('-'))) : rest.slice(end), folders, line);
  return { places: folders.flatMap((folder) => scripts.map((script) => ({ folder, line: `npm run ${script}` }))) };
}

// A command `exec` runs in each of `folders` (`--` and its own options first): a package manager's line is read
// there; another task runner's is not (asked); any other command is judged as the line it is (undefined).
function execPlaces(tail: readonly string[], folders: readonly string[], line: string): { places: ScriptPlace[]; unknown?: string } | undefined {
  const words = tail[0] === '--' ? tail.slice(1) : tail.slice(Math.max(0, tail.findIndex((word) => !word.startsWith('-'))));
  if (words[0] === undefined) return undefined;
  const program = sameProgram(words[0]);
  if (/^(?:npm|pnpm|yarn|bun|lerna)$/.test(program)) return { places: folders.map((folder) => ({ folder, line: [program, ...words.slice(1)].join(' ') })) };
  if (/^(?:make|just|task|mise|deno|turbo|nx|composer|pipenv|pdm|hatch|poe|rake|invoke|npx|pnpx|bunx)$/.test(program)) return { places: [], unknown: `\`${line}\` runs \`${words.join(' ')}\` in each package's folder` };
  return undefined;
}
