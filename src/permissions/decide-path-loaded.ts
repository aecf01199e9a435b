import type { DecideContext } from './decide-common.js';
import { decidePath as decideWith } from './decide-path.js';
import { immuneJudgedPath as immuneWith, type Immunity } from './immune.js';
import { obeyedContext } from './obeyed-context.js';
import type { FolderListings } from '../workspace/listings.js';
import type { Decision, Judged } from './types.js';

// The synchronous decision of a file command's call, with the obeyed context a write needs at hand (loaded
// statically here): for the library's exports and the shell decision, which loads it anyway. The engine's
// gate goes through decide.ts, which loads it for a write only (issue 31).
export const decidePath = (judged: Judged, ctx: DecideContext): Decision => decideWith(judged, { ...ctx, obeyed: ctx.obeyed ?? obeyedContext });

export const immuneJudgedPath = (judged: Judged, root?: string, listings?: FolderListings): Immunity | undefined => immuneWith(judged, root, listings, obeyedContext);
