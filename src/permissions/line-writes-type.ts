import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';

// The shape of written-before.ts's LineWrites, for the modules that are handed the class when it is loaded on demand
// (immune-place.ts, immune-code.ts, decide-common.ts): a leaf, so no import circle runs through written-before.ts
// (test/permissions/import-cycles.test.ts counts type imports too).
export type WrittenBefore = (abs: string) => string | undefined;

export interface LineWritesReading {
  before(command: SimpleCommand): WrittenBefore;
  // Any write of the whole line (immune-place.ts: a folder a `..` leaves that the line may replace by a link).
  all(): WrittenBefore;
}

export type LineWritesClass = new (parse: ShellParse, runDir: string, root: string) => LineWritesReading;
