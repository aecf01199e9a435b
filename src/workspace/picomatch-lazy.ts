import picomatch from 'picomatch';

// picomatch's matcher, compiled on its first test instead of when it is made: a module that builds its
// matchers at load (hook-fallback.ts: one per runner kind) made every call that loads it pay the compile,
// though only a hook running an unmodelled runner tests a path (issue 31). Same glob, same options, same
// answers; the default export has picomatch's call shape so a user changes only its import line.
export default function lazyPicomatch(glob: string, options?: picomatch.PicomatchOptions): (input: string) => boolean {
  let compiled: picomatch.Matcher | undefined;
  return (input) => (compiled ??= picomatch(glob, options))(input);
}
