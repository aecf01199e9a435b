// Shared by the R45-a1/a4 red tests: a package tree in a temp folder, and what REAL node resolves in it (a child
// process: createRequire(from).resolve), so each test asks node itself which file the next codeward would load.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inside } from '../../src/permissions/own-code-links.js';

export const pkg = (folder: string, json: object): string => {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify(json));
  writeFileSync(join(folder, 'index.js'), 'module.exports = 1;\n');
  return folder;
};

export const file = (path: string, text = 'module.exports = 2;\n'): string => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
};

// The file node loads for `spec` required from a module in `from` (a package folder), with `env` and `cwd`.
export function nodeResolves(from: string, spec: string, options: { env?: NodeJS.ProcessEnv; cwd?: string; args?: string[] } = {}): string {
  const code = `process.stdout.write(require('node:module').createRequire(${JSON.stringify(join(from, 'index.js'))}).resolve(${JSON.stringify(spec)}))`;
  const result = spawnSync(process.execPath, [...(options.args ?? []), '-e', code], { encoding: 'utf8', env: options.env ?? { PATH: process.env['PATH'] }, cwd: options.cwd, timeout: 30_000 });
  return result.status === 0 ? result.stdout : `failed: ${result.stderr}`;
}

// `path` lies at or below one of the kept paths.
export const kept = (paths: readonly string[], path: string): boolean => paths.some((at) => inside(path, at));
