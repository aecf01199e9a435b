import { createRequire } from 'node:module';

// The `yaml` package (226 KB) is parsed only when a YAML file exists (a config, an agent definition, a hook
// runner's configuration), so it loads on first use, not with the module that may need it: a sandboxed exec
// on a workspace without one paid ~27 ms of CPU to compile it (issue 31). The write gate's readers are
// synchronous, so the load is a `require` of the package's CommonJS build (scripts/build.mjs leaves it
// outside the bundle); every user of the package imports this module.
const load = createRequire(import.meta.url);
let yaml: typeof import('yaml') | undefined;

export function parseYaml(text: string): unknown {
  yaml ??= load('yaml') as typeof import('yaml');
  return yaml.parse(text) as unknown;
}
