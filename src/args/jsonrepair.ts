import { onFirstUse } from '../engine/on-first-use.js';

// jsonrepair (~23 KB) loads on the first text it repairs (engine/on-first-use.ts): only a call whose JSON
// does not parse (or a tsconfig with comments) needs it, yet every cold call compiled it with the argument
// parser. Every user imports this module instead of the package.
const loaded = onFirstUse<typeof import('jsonrepair')>('jsonrepair');

export function jsonrepair(text: string): string {
  return loaded().jsonrepair(text);
}
