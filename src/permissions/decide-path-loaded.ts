import type { DecideContext } from './decide-common.js';
import { decidePath as decideWith } from './decide-path.js';
import { decideShell } from './decide-shell.js';
import { immuneJudgedPath as immuneWith, type Immunity } from './immune.js';
import type { ShellPlace } from './immune-place.js';
import { immuneShell as immuneShellWith, type Nested } from './immune-shell.js';
import { obeyedContext } from './obeyed-context.js';
import { withInPlace } from './path-rules.js';
import { LineWrites } from './written-before.js';
import type { FolderListings } from '../workspace/listings.js';
import type { Decision, Judged, ShellParse } from './types.js';

// The synchronous decisions, with the obeyed context a write needs (and written-before.ts's LineWrites) at hand (loaded statically here): for
// the library's exports and the worker doors. The engine's gate goes through decide.ts, which loads it for
// a write only, and for a shell line only when a written path of the line is judged (issue 31).
export const decidePath = (judged: Judged, ctx: DecideContext): Decision => decideWith(judged, { ...ctx, obeyed: ctx.obeyed ?? obeyedContext });

export const immuneJudgedPath = (judged: Judged, root?: string, listings?: FolderListings): Immunity | undefined => immuneWith(judged, root, listings, obeyedContext);

export const immuneShell = (parse: ShellParse, readOnlyName: (name: string) => boolean, place?: ShellPlace, staged = false, nested?: Nested): Immunity | undefined =>
  immuneShellWith(parse, readOnlyName, place && { ...place, obeyed: place.obeyed ?? obeyedContext, lineWrites: place.lineWrites ?? LineWrites }, staged, nested);

// The decision for one judged part when the shell line (if any) is already parsed (synchronous: for a caller
// that has the parse).
export function decideParsed(judged: Judged, ctx: DecideContext, parse?: ShellParse): Decision {
  if (judged.kind !== 'shell') return withInPlace(judged, ctx.policy, decidePath(judged, ctx));
  if (!parse) throw new Error('decideParsed: a shell call needs its parse');
  return withInPlace(judged, ctx.policy, decideShell(judged, { ...ctx, obeyed: ctx.obeyed ?? obeyedContext, lineWrites: ctx.lineWrites ?? LineWrites }, parse));
}
