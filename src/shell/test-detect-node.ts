import type { ProjectFiles, TestRunner, FilterStyle } from './test-detect.js';

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
    return { runner: manager, command: RUN_SCRIPT[manager], filter: scriptFilter(script), ...(manager === 'npm' ? { passThrough: '--' } : {}) };
  }
  const configs = (tool: string): boolean => [...files.names].some((name) => name.startsWith(`${tool}.config.`));
  if (hasDependency(pkg, 'vitest') || configs('vitest')) return { runner: 'vitest', command: `${RUN_BIN[manager]} vitest run`, filter: 'name' };
  if (hasDependency(pkg, 'jest') || configs('jest')) return { runner: 'jest', command: `${RUN_BIN[manager]} jest`, filter: 'name' };
  if (manager === 'bun') return { runner: 'bun', command: 'bun test', filter: 'name' };
  return undefined;
}
