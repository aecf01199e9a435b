import { basename } from 'node:path';
import { ProjectFiles } from './test-detect-files.js';
import type { Beneath } from '../workspace/beneath.js';

// The script lines a runner line makes the repository run (red team R16-5): `npm test` runs whatever
// package.json's "test" says (and its pre/post scripts), `make test` the recipe of the Makefile's rule. The
// approval question shows them (a person approves `curl -d @.env … | sh`, not `npm test`), and an "always"
// is not offered for such a line: the rule would allow whatever the file says at a later run, and a
// changed script must be asked again (gate.ts). Read through the workspace jail, as the runner detection.

// At most this many lines of one make recipe (the rest counted).
const RECIPE_LINES = 8;

// The package managers whose subcommands run package.json scripts, and how each names the script: null for a
// subcommand that runs none (`bun test` is bun's own runner), undefined for one not known here (an option
// before the subcommand, `npm install`'s lifecycle scripts): a script is run, which one is not said.
function packageScript(program: string, words: readonly string[]): string | null | undefined {
  const [sub, name] = words;
  if (sub === undefined || (program === 'bun' && sub === 'test')) return null;
  if (['test', 't', 'tst'].includes(sub)) return 'test';
  if (['start', 'stop', 'restart'].includes(sub)) return sub;
  if (['run', 'run-script', 'rum', 'urn'].includes(sub)) return name === undefined || name.startsWith('-') ? undefined : name;
  if (['exec', 'x', 'dlx'].includes(sub) || sub === '--version' || sub === '-v') return null;
  // `yarn build` runs the script "build" when package.json has one.
  return program === 'yarn' && !sub.startsWith('-') ? sub : undefined;
}

// The simple commands of a line, as words (quotes dropped): enough to name the scripts it runs; a line
// this split misreads names fewer scripts, and the "always" is then still withheld for a runner program.
const commandsOf = (line: string): string[][] => line.split(/&&|\|\||[;|&\n]/).map((part) => part.trim().split(/\s+/).filter(Boolean).map((word) => word.replace(/^['"]|['"]$/g, ''))).filter((words) => words.length > 0);

// A program word as run (`npx --yes npm` aside): its base name, without a leading env assignment.
const programOf = (words: readonly string[]): { program: string; rest: string[] } => {
  const at = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  return at < 0 ? { program: '', rest: [] } : { program: basename(words[at]!), rest: words.slice(at + 1) };
};

async function packageLines(files: ProjectFiles, script: string): Promise<string[]> {
  const text = await files.text('package.json');
  let scripts: Record<string, unknown> | undefined;
  try {
    scripts = (JSON.parse(text ?? 'null') as { scripts?: Record<string, unknown> } | null)?.scripts;
  } catch {
    return ['package.json: not valid JSON, so the script it runs is unknown'];
  }
  if (text === undefined) return ['package.json: not found or not readable, so the script it runs is unknown'];
  const lines = [`pre${script}`, script, `post${script}`].flatMap((name) => (typeof scripts?.[name] === 'string' ? [`package.json "${name}": ${scripts[name] as string}`] : []));
  return lines.length > 0 ? lines : [`package.json has no "${script}" script`];
}

async function makeLines(files: ProjectFiles, words: readonly string[]): Promise<string[]> {
  const name = ['GNUmakefile', 'makefile', 'Makefile'].find((each) => files.has(each));
  const text = name === undefined ? undefined : await files.text(name);
  if (text === undefined) return ['no readable Makefile, so the recipe it runs is unknown'];
  const lines = text.split('\n');
  const rules = lines.flatMap((line, at) => {
    const found = /^([^\s:#=][^:#=]*?)\s*::?(?!=)/.exec(line);
    return found ? found[1]!.split(/\s+/).map((target) => ({ target, at })) : [];
  });
  const named = words.filter((word) => !word.startsWith('-') && !word.includes('='));
  // Without a target, make builds the first rule's (its default goal), not a special `.TARGET`.
  const targets = named.length > 0 ? named : rules.filter((rule) => !rule.target.startsWith('.')).slice(0, 1).map((rule) => rule.target);
  return targets.flatMap((target) => {
    const rule = rules.find((each) => each.target === target);
    if (!rule) return [`${name}: no rule "${target}" written out (a pattern rule or an include decides what runs)`];
    const recipe: string[] = [];
    for (let at = rule.at + 1; at < lines.length && (lines[at]!.startsWith('\t') || lines[at]!.trim() === ''); at++) if (lines[at]!.trim() !== '') recipe.push(lines[at]!.trim());
    const shown = recipe.slice(0, RECIPE_LINES).map((line) => `${name} ${target}: ${line}`);
    return [...(shown.length > 0 ? shown : [`${name} ${target}: (no recipe lines)`]), ...(recipe.length > RECIPE_LINES ? [`${name} ${target}: … ${recipe.length - RECIPE_LINES} more recipe lines`] : [])];
  });
}

// The lines, or undefined when the line runs no repository script a runner reads at run time.
export async function scriptLines(folder: string, jail: Beneath | undefined, line: string): Promise<string[] | undefined> {
  let files: ProjectFiles | undefined;
  const open = async (): Promise<ProjectFiles> => (files ??= await ProjectFiles.open(folder, jail));
  const found: string[] = [];
  let runs = false;
  for (const words of commandsOf(line)) {
    const { program, rest } = programOf(words);
    if (['npm', 'pnpm', 'yarn', 'bun'].includes(program)) {
      const script = packageScript(program, rest);
      if (script === null) continue;
      runs = true;
      found.push(...(script === undefined ? [`${[program, ...rest].join(' ')}: may run a package.json script not named here`] : await packageLines(await open(), script)));
    } else if (program === 'make' || program === 'gmake') {
      runs = true;
      found.push(...(await makeLines(await open(), rest)));
    }
  }
  return runs ? [...new Set(found)] : undefined;
}
