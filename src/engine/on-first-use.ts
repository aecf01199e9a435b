import { createRequire } from 'node:module';

// A package loaded on its first use instead of with the module that may need it (issue 31): yaml, smol-toml,
// picomatch and jsonrepair (their loaders: engine/yaml.ts, engine/toml.ts, workspace/picomatch.ts,
// args/jsonrepair.ts). Their users are synchronous (the write gate's readers, glob tests), so the load is a
// `require` of the package's CommonJS build; scripts/build.mjs leaves these packages outside the bundle (a
// bundled copy could not be required), and test/lint/on-use-packages.test.ts keeps every other import out.
const load = createRequire(import.meta.url);

export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
