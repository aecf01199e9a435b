import * as z from 'zod/mini';
import { described } from '../engine/schema.js';

export const SYNTAX_CHECK_MODES = ['refuse', 'warn', 'off'] as const;
export type SyntaxCheckMode = (typeof SYNTAX_CHECK_MODES)[number];

// The per-call flag of every edit command (`--syntax-check warn`): a command that declares it can be
// refused by the syntax check (syntax-check-hook.ts); one that does not (undo, redo, restore, rollback put
// back versions that existed) is only warned about.
export const syntaxCheckFlag = () =>
  described(z.optional(z.enum(SYNTAX_CHECK_MODES)), 'if the edit breaks code that parsed (default refuse)');
