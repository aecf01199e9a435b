import type { FilterStyle, NodeScript, ProjectFiles, TestRunner } from './test-detect-files.js';
import { INTERPRETERS } from './interpreter-table.js';

type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

interface PackageJson {
  scripts?: Record<string, unknown>;
  dependencies?: Record<string, unknown>;
  devDependencies?: Record<string, unknown>;
  packageManager?: unknown;
}

// What `npm init` writes: a test script that only fails.
const PLACEHOLDER = /no test specified/;

// How each manager runs the `test` script, and how it runs a package's binary.
const RUN_SCRIPT: Record<PackageManager, string> = { npm: 'npm test', pnpm: 'pnpm test', yarn: 'yarn test', bun: 'bun run test' };
const RUN_BIN: Record<PackageManager, string> = { npm: 'npx', pnpm: 'pnpm exec', yarn: 'yarn', bun: 'bunx' };

// The lockfile names the manager; without one, package.json's `packageManager` field; else npm.
export function packageManagerOf(files: ProjectFiles, pkg: PackageJson): PackageManager {
  if (files.has('pnpm-lock.yaml')) return 'pnpm';
  if (files.has('yarn.lock')) return 'yarn';
  if (files.has('bun.lockb', 'bun.lock')) return 'bun';
  if (files.has('package-lock.json', 'npm-shrinkwrap.json')) return 'npm';
  const declared = typeof pkg.packageManager === 'string' ? pkg.packageManager.split('@')[0] : undefined;
  return declared === 'pnpm' || declared === 'yarn' || declared === 'bun' ? declared : 'npm';
}

// How --pattern reaches the tool a `test` script runs, guessed from the script's text.
export function scriptFilter(script: string): FilterStyle {
  if (/\b(vitest|jest)\b/.test(script)) return 'name';
  if (/\bnode\b[^|&;]*\s--test\b/.test(script)) return 'node-test';
  if (/\bmocha\b/.test(script)) return 'mocha';
  return 'append';
}

// node options that take their value as the next word: the one interpreter table's (interpreter-table.ts, issue 26).
const VALUE_OPTIONS = new Set(INTERPRETERS['node']!.valued);
// A word with no shell meaning beyond quotes around text without spaces.
const PLAIN_WORD = /^(?:[\w@%+=:,./*?[\]{}^~-]|'[^'\s]*'|"[^"\s$`\\]*")+$/;

// `node --test test/`, `node --import tsx --test 'test/**/*.test.ts'`: the script as node options and
// files; undefined for anything else (pipes, `&&`, variables, an environment prefix, another program).
export function nodeScript(script: string): NodeScript | undefined {
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || !words.includes('--test') || !words.every((word) => PLAIN_WORD.test(word))) return undefined;
  const options: string[] = [];
  let at = 1;
  while (at < words.length && words[at]!.startsWith('-') && words[at] !== '--') {
    const word = words[at]!;
    options.push(word);
    at += 1;
    if (VALUE_OPTIONS.has(word) && at < words.length) options.push(words[at++]!);
  }
  if (words[at] === '--') at += 1;
  const files = words.slice(at);
  return files.some((file) => file.startsWith('-')) ? undefined : { options, files };
}

// tape's file globs in a test script, following `npm run NAME` (and yarn/pnpm/bun's) into the package's
// other scripts and past coverage wrappers (`nyc tape 'test/**/*.js'`); undefined when no tape runs.
export function tapeGlobs(scripts: Readonly<Record<string, unknown>>, script: string, depth = 0): string[] | undefined {
  for (const part of script.split(/&&|\|\||;/)) {
    const words = part.trim().split(/\s+/);
    const run = /^(?:npm|pnpm|bun)$/.test(words[0] ?? '') && /^run(?:-script)?$/.test(words[1] ?? '') ? words[2] : words[0] === 'yarn' ? words[1] : undefined;
    const target = run === undefined ? undefined : scripts[run];
    if (typeof target === 'string' && depth < 3) {
      const found = tapeGlobs(scripts, target, depth + 1);
      if (found) return found;
    }
    const at = words.findIndex((word) => /^(?:\S*\/)?tape$/.test(word));
    if (at !== -1) return words.slice(at + 1).filter((word) => !word.startsWith('-')).map((word) => word.replace(/^(['"])(.*)\1$/, '$2'));
  }
  return undefined;
}

function hasDependency(pkg: PackageJson, name: string): boolean {
  return Object.hasOwn(pkg.dependencies ?? {}, name) || Object.hasOwn(pkg.devDependencies ?? {}, name);
}

// package.json: its `test` script (not npm's placeholder), else vitest or jest when the project
// depends on them or has their config, else bun's own runner in a bun project.
export async function detectNodeRunner(files: ProjectFiles): Promise<TestRunner | undefined> {
  const text = await files.text('package.json');
  if (text === undefined) return undefined;
  let pkg: PackageJson;
  try {
    const parsed: unknown = JSON.parse(text);
    pkg = typeof parsed === 'object' && parsed !== null ? (parsed as PackageJson) : {};
  } catch {
    return undefined;
  }
  const manager = packageManagerOf(files, pkg);
  const script = pkg.scripts?.['test'];
  if (typeof script === 'string' && script.trim() !== '' && !PLACEHOLDER.test(script)) {
    const tape = tapeGlobs(pkg.scripts ?? {}, script);
    const filter = tape ? 'tape' : scriptFilter(script);
    // Run directly only when npm would run nothing else around it (a pretest build, a posttest check).
    const around = ['pretest', 'posttest'].some((name) => pkg.scripts?.[name] !== undefined);
    const node = filter === 'node-test' && !around ? nodeScript(script) : undefined;
    return { runner: manager, command: RUN_SCRIPT[manager], filter, ...(manager === 'npm' ? { passThrough: '--' } : {}), ...(node ? { node } : {}), ...(tape ? { tape } : {}) };
  }
  const configs = (tool: string): boolean => [...files.names].some((name) => name.startsWith(`${tool}.config.`));
  if (hasDependency(pkg, 'vitest') || configs('vitest')) return { runner: 'vitest', command: `${RUN_BIN[manager]} vitest run`, filter: 'name' };
  if (hasDependency(pkg, 'jest') || configs('jest')) return { runner: 'jest', command: `${RUN_BIN[manager]} jest`, filter: 'name' };
  if (manager === 'bun') return { runner: 'bun', command: 'bun test', filter: 'name' };
  return undefined;
}
