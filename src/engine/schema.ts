import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

// Flag schemas use zod's tree-shakable "mini" build: the CLI starts in a fraction of the time the full
// build costs to compile. Import it as `import * as z from 'zod/mini'` in each file (re-exporting the
// namespace would defeat tree-shaking). These helpers keep the definitions short.

// Help text for a flag, carried by the schema so every door's help and tool schema shows it.
export function described<T extends $ZodType & { check(...checks: unknown[]): T }>(schema: T, text: string): T {
  return schema.check(z.describe(text));
}

export const text = (description: string) => described(z.string(), description);
export const optionalText = (description: string) => described(z.optional(z.string()), description);
// A workspace path: empty is refused up front ("--file must not be empty") rather than read as the root.
export const nonEmptyPath = () => z.string().check(z.minLength(1));
export const pathText = (description: string) => described(nonEmptyPath(), description);
export const optionalPathText = (description: string) => described(z.optional(nonEmptyPath()), description);
export const flag = (description: string) => described(z._default(z.boolean(), false), description);

export const whole = (min: number, description: string) => described(z.optional(z.int().check(z.minimum(min))), description);
export const wholeOr = (min: number, fallback: number, description: string) =>
  described(z._default(z.int().check(z.minimum(min)), fallback), description);

export const choice = <const V extends readonly [string, ...string[]]>(values: V, fallback: V[number], description: string) =>
  described(z._default(z.enum(values), fallback as never), description);
