import { onFirstUse } from './on-first-use.js';

// The `yaml` package (226 KB) is parsed only when a YAML file exists (a config, an agent definition, a hook
// runner's configuration), so it loads on the first file parsed (on-first-use.ts). Every user of the
// package imports this module.
const yaml = onFirstUse<typeof import('yaml')>('yaml');

export function parseYaml(text: string): unknown {
  return yaml().parse(text) as unknown;
}
