import { createRequire } from 'node:module';

// jsonrepair (~23 KB) loads on the first text it repairs: only a call whose JSON does not parse (or a
// tsconfig with comments) needs it, yet every cold call compiled it with the argument parser (issue 31).
// A synchronous `require` of its CommonJS build, which scripts/build.mjs leaves outside the bundle; every
// user imports this module instead of the package.
const load = createRequire(import.meta.url);
let loaded: typeof import('jsonrepair') | undefined;

export function jsonrepair(text: string): string {
  loaded ??= load('jsonrepair') as typeof import('jsonrepair');
  return loaded.jsonrepair(text);
}
