import { join } from 'node:path';
import { NO_STEP, type TaskFolder, type TaskStep } from './task-runner-files.js';

// `just x`: the justfile's recipe x (found from the run folder up): its body lines (`@`/`-` prefixes dropped,
// `{{name}}` of a plain `name := "value"` filled in), its dependencies (before and after `&&`) as recipes run, an
// alias's recipe. Not read (fail closed): a recipe parameter or expression interpolated, another interpreter
// (`set shell`, a shebang, `[script(..)]`), `import`/`mod` (another file's recipes).

const SHELL = /^(?:\/usr\/bin\/env\s+(?:-S\s+)?)?(?:\/\S*\/)?(?:ba|z|da|k)?sh\b/;
// A recipe line: `[@]name [params (`p='d'`, `+p`, `*p`, `$p`)]: [dependencies]`.
const HEADER = /^(@)?([A-Za-z_][\w-]*)((?:\s+[$+*]?[\w-]+(?:=(?:'[^']*'|"(?:[^"\\]|\\.)*"|[^\s:'"]+|\([^)]*\)))?)*)\s*:(?![=:])(.*)$/;

interface Recipe {
  readonly params: string;
  readonly body: string[];
  readonly deps: string[];
  readonly attributes: string[];
}

function recipes(text: string): { recipes: Map<string, Recipe>; first?: string; aliases: Map<string, string>; values: Map<string, string>; settings: string[] } {
  const found = new Map<string, Recipe>();
  const aliases = new Map<string, string>();
  const values = new Map<string, string>();
  const settings: string[] = [];
  let current: Recipe | undefined;
  let last: Recipe | undefined;
  let attributes: string[] = [];
  let first: string | undefined;
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    // An indented line after a comment or a blank line is read as the last recipe's (fail closed: more judged).
    if ((current ?? last) && /^[ \t]+\S/.test(line)) {
      (current ?? last)!.body.push(line.trim());
      continue;
    }
    if (line.trim() === '') continue;
    current = undefined;
    if (/^\s*#/.test(line)) continue;
    const attribute = /^\[(.*)\]\s*$/.exec(line);
    if (attribute) {
      attributes.push(...attribute[1]!.split(/,\s*(?![^(]*\))/));
      continue;
    }
    const alias = /^alias\s+([\w-]+)\s*:=\s*([\w-]+)/.exec(line);
    const value = /^(?:export\s+)?([\w-]+)\s*:=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(?:#.*)?$/.exec(line);
    if (alias) aliases.set(alias[1]!, alias[2]!);
    else if (value) values.set(value[1]!, value[2] ?? value[3]!);
    else if (/^(?:set|import|mod|export|unexport)\b/.test(line) || /^[\w-]+\s*:=/.test(line)) settings.push(line.trim());
    else {
      const header = HEADER.exec(line);
      if (!header) continue;
      const deps = header[4]!.replace(/#.*$/, '').replace(/\([^)]*\)/g, (call) => call.slice(1, -1).trim().split(/\s+/)[0]!).split(/\s+|&&/).filter(Boolean);
      current = { params: header[3]!, body: [], deps, attributes };
      last = current;
      found.set(header[2]!, current);
      if (first === undefined && !attributes.some((each) => each.startsWith('private'))) first = header[2]!;
      if (attributes.includes('default')) first = header[2]!;
    }
    attributes = [];
  }
  return { recipes: found, ...(first === undefined ? {} : { first }), aliases, values, settings };
}

// The values of the parameters of the recipe the line names first (`just test a b` with `test *args:` -> args =
// "a b"; a default when no word is left); undefined where not known (another recipe's, an expression default).
function parameters(params: string, asked: string, rest: readonly string[]): Map<string, string> | undefined {
  const operands = rest.filter((word) => !word.startsWith('-'));
  if (operands[0] !== asked) return undefined;
  const args = operands.slice(1);
  const values = new Map<string, string>();
  for (const found of params.matchAll(/([$+*]?)([\w-]+)(?:=('([^']*)'|"([^"\\]*)"|[^\s'"(]+|\(.*))?/g)) {
    const [, kind, name, given, single, double] = found;
    if (given?.startsWith('(')) return undefined;
    const value = kind === '*' || kind === '+' ? args.splice(0).join(' ') : (args.shift() ?? single ?? double ?? given);
    if (value === undefined || (kind === '+' && value === '')) return undefined;
    values.set(name!, value);
  }
  return values;
}

export function justRecipe(folder: TaskFolder, asked: string, context?: { readonly rest: readonly string[] }): TaskStep {
  // `just sub/g`: the justfile is searched from sub, not from here (red team R26-6): not read here, asked.
  if (asked.includes('/')) return { lines: [], unknown: `\`just ${asked}\` runs a recipe of the justfile found from ${asked.slice(0, asked.lastIndexOf('/') + 1)}` };
  const file = folder.upward(['justfile', 'Justfile', '.justfile', 'JUSTFILE']);
  if (file === undefined) return NO_STEP;
  // placed: the justfile name found upward (no word of the line).
  const text = folder.text(join(folder.dir, file));
  if (text === 'unreadable') return { lines: [], unknown: `${file} cannot be read whole` };
  if (text === 'absent') return NO_STEP;
  const read = recipes(text);
  const other = read.settings.find((line) => /^(?:import|mod)\b/.test(line) || (/^set\s+(?:shell|allow-duplicate-recipes)\b/.test(line) && !/^set\s+shell\s*:=\s*\[\s*["'](?:ba|z|da)?sh["']/.test(line)));
  if (other !== undefined) return { lines: [], unknown: `${file}: \`${other}\` (another file's recipes or another shell)` };
  // just evaluates the assignments' backticks when it loads the justfile (unless `set lazy`).
  const loaded = read.settings.some((line) => /^set\s+lazy\b(?!\s*:=\s*false)/.test(line)) ? [] : read.settings.filter((line) => /^(?:export\s+)?[\w-]+\s*:=/.test(line));
  const code = loaded.find((line) => line.includes('```') || /\bshell\s*\(/.test(line));
  if (code !== undefined) return { lines: [], unknown: `${file}: \`${code}\` runs a command when the justfile loads` };
  const atLoad = loaded.flatMap((line) => [...line.matchAll(/`([^`]*)`/g)].map((found) => found[1]!));
  const name = asked === '' ? read.first : (read.aliases.get(asked) ?? asked);
  const recipe = name === undefined ? undefined : read.recipes.get(name);
  if (recipe === undefined) {
    // A recipe line this reading does not take apart (an unusual parameter spelling): not taken as absent.
    const header = name === undefined ? undefined : text.split('\n').find((line) => new RegExp(`^@?${name.replace(/[-]/g, '\\-')}(?:\\s|:)`).test(line) && !/^\S+\s*:=/.test(line));
    return header === undefined ? { lines: atLoad } : { lines: atLoad, unknown: `${file}: the recipe line \`${header}\` is not one codeward reads` };
  }
  const where = `${file} recipe "${name!}"`;
  const script = recipe.attributes.find((each) => each.startsWith('script'));
  if (script !== undefined && !/^script(?:\s*\(\s*["'](?:ba|z|da)?sh\b.*\))?$/.test(script)) return { lines: [], unknown: `${where} is a script for another interpreter (${script})` };
  const body = recipe.body[0]?.startsWith('#!') ? recipe.body.slice(1) : recipe.body;
  if (recipe.body[0]?.startsWith('#!') && !SHELL.test(recipe.body[0].slice(2).trim())) return { lines: [], unknown: `${where} runs another interpreter (${recipe.body[0]})` };
  const lines: string[] = [...atLoad];
  const params = parameters(recipe.params, asked, context?.rest ?? []);
  for (const raw of body) {
    let unknown: string | undefined;
    const line = raw.replace(/^[@-]+/, '').replace(/\{\{(?!\{)\s*(.*?)\s*\}\}/g, (all, inner: string) => {
      const value = params?.get(inner) ?? read.values.get(inner);
      if (value === undefined) unknown ??= `${where}: \`${raw}\` fills in {{${inner}}} at run time`;
      return value ?? '';
    });
    if (unknown !== undefined) return { lines, unknown };
    lines.push(line);
  }
  return { lines, calls: recipe.deps };
}
