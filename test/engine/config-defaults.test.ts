// Issue 31 (perf36): defaultConfig() answers from the defaults' table (config-schema.ts DEFAULTS) without building
// the zod schema, which cost every call with no config file ~1.5 ms at start. Its answer must be what the schema
// makes of an empty config, the same keys, a fresh copy each time.
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, configSchema, defaultConfig } from '../../src/engine/config.js';

describe('the defaults without the schema', () => {
  it('equal the schema\'s parse of {} (values, and which keys are absent)', () => {
    const parsed = configSchema().parse({});
    expect(defaultConfig()).toStrictEqual(parsed);
    expect(Object.keys(defaultConfig()).sort()).toEqual(Object.keys(parsed).sort());
  });

  it('name every key of the schema, in its order', () => {
    expect(CONFIG_KEYS).toEqual(Object.keys(configSchema().def.shape));
  });

  it('are a fresh copy each time (a caller that changes its arrays changes no other call\'s)', () => {
    const first = defaultConfig();
    (first.nonAccessibleGlobs as string[]).push('x/**');
    (first.sandboxWritable as string[]).push('/tmp/x');
    expect(defaultConfig()).toStrictEqual(configSchema().parse({}));
  });

  it('are built once per process (the schema on first use)', () => {
    expect(configSchema()).toBe(configSchema());
  });
});
