import type Picomatch from 'picomatch';
import { onFirstUse } from '../engine/on-first-use.js';

// picomatch (~56 KB with its parser) loads on first use, not with every module that may match a glob: a
// cold read, tree or search compiled and evaluated it though none of them runs it on a plain call (issue 31;
// workspace/globs.ts already compiles its patterns on first need; engine/on-first-use.ts). Every user imports
// this module instead of the package: the default export forwards each call and property (isMatch, makeRe,
// scan, ...) to the package.
const real = onFirstUse<typeof Picomatch>('picomatch');

const picomatch = new Proxy((() => undefined) as unknown as typeof Picomatch, {
  apply: (_target, thisArg, args: Parameters<typeof Picomatch>) => Reflect.apply(real(), thisArg, args),
  get: (_target, key) => Reflect.get(real(), key) as unknown,
});
export default picomatch;

// A matcher compiled on its first test instead of when it is made: a module that builds its matchers at
// load (hook-fallback.ts: one per runner kind) made every call that loads it pay the compile, though only
// a hook running an unmodelled runner tests a path. Same glob, same options, same answers.
export function lazyMatcher(glob: string, options?: Picomatch.PicomatchOptions): (input: string) => boolean {
  let compiled: Picomatch.Matcher | undefined;
  return (input) => (compiled ??= real()(glob, options))(input);
}
