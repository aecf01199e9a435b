// A package manager's place options (`npm --prefix d`/`-C d`, `pnpm -C d`/`--dir d`, `yarn --cwd d`, `bun --cwd d`), its
// workspace names (`-w pkg`, `--filter a`) and its every-package flags (`-ws`, `-r`): the one table and reading of them,
// for the script readers (decide-script-places.ts) and written-before.ts's sub-command (fix66). A leaf: no imports.

const FOLDER: Readonly<Record<string, readonly string[]>> = { npm: ['--prefix', '-C'], pnpm: ['-C', '--dir'], yarn: ['--cwd'], bun: ['--cwd'] };
const NAMED: Readonly<Record<string, readonly string[]>> = { npm: ['-w', '--workspace'], pnpm: ['--filter', '-F', '--filter-prod'], bun: ['--filter', '-F'] };
const EVERY: Readonly<Record<string, readonly string[]>> = { npm: ['-ws', '--ws', '--workspaces', '--workspaces=true'], pnpm: ['-r', '--recursive'], bun: [] };

// A package manager's words without its place options (THE reading of them: decide-script-places.ts, written-before.ts'
// sub-command): what is kept, the folder options' values, the workspace names, whether every package is meant.
export function placeWords(manager: string, rest: readonly string[]): { kept: string[]; folders: string[]; names: string[]; every: boolean } | { unknown: string } {
  const kept: string[] = [];
  const folders: string[] = [];
  const names: string[] = [];
  let every = false;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '--') {
      kept.push(...rest.slice(i));
      break;
    }
    const option = [...(FOLDER[manager] ?? []), ...(NAMED[manager] ?? [])].find((name) => word === name || word.startsWith(`${name}=`) || (name.length === 2 && word.startsWith(name) && word.length > 2));
    if ((EVERY[manager] ?? []).includes(word)) every = true;
    else if (option === undefined) kept.push(word);
    else {
      const value = word === option ? rest[++i] : word.slice(option.length + (word[option.length] === '=' ? 1 : 0));
      if (value === undefined) return { unknown: 'names a place with no value' };
      ((FOLDER[manager] ?? []).includes(option) ? folders : names).push(value);
    }
  }
  return { kept, folders, names, every };
}

