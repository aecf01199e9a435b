import type { ProjectFiles } from './test-detect-files.js';

// The scripts npm runs that package.json does not spell (npm 10, red team R30-2): `restart` without its script is
// `npm stop --if-present && npm start`; `start` without one is `node server.js` when server.js is there; a package
// with binding.gyp and no install/preinstall script installs with `node-gyp rebuild`.
export function implicitScripts(scripts: Record<string, unknown> | undefined, files: ProjectFiles): Record<string, unknown> {
  const own = typeof scripts === 'object' && scripts !== null ? scripts : {};
  const missing = (name: string): boolean => typeof own[name] !== 'string';
  return {
    ...(missing('restart') ? { restart: 'npm stop --if-present && npm start' } : {}),
    ...(missing('start') && files.has('server.js') ? { start: 'node server.js' } : {}),
    ...(missing('install') && missing('preinstall') && files.has('binding.gyp') ? { install: 'node-gyp rebuild' } : {}),
    ...own,
  };
}
