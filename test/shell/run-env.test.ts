import { describe, expect, it } from 'vitest';
import { childEnv, isCodewardSecret } from '../../src/shell/env.js';
import { runProcess } from '../../src/shell/run.js';

describe('childEnv', () => {
  const parent = {
    PATH: '/usr/bin:/bin',
    HOME: '/home/u',
    OPENAI_API_KEY: 'sk-1',
    ANTHROPIC_API_KEY: 'sk-2',
    CODEWARD_API_KEY: 'secret',
    CODEWARD_GATEWAY_TOKEN: 'secret',
    CODEWARD_STATE_DIR: '/tmp/state',
    CODEWARD_MODEL: 'gpt',
    GITHUB_TOKEN: 'user-token',
    FORCE_COLOR: '3',
    UNDEFINED_ONE: undefined,
  };

  it('drops provider keys and CODEWARD_* secrets, keeps the rest', () => {
    const env = childEnv(parent);
    expect(env).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/u',
      CODEWARD_STATE_DIR: '/tmp/state',
      CODEWARD_MODEL: 'gpt',
      GITHUB_TOKEN: 'user-token',
      NO_COLOR: '1',
    });
  });

  it('overrides win, including asking for colour', () => {
    expect(childEnv(parent, { overrides: { FORCE_COLOR: '1' } })).toMatchObject({ FORCE_COLOR: '1' });
    expect(childEnv(parent, { overrides: { FORCE_COLOR: '1' } })['NO_COLOR']).toBeUndefined();
    expect(childEnv(parent, { overrides: { NO_COLOR: undefined } })['NO_COLOR']).toBeUndefined();
  });

  it('classifies names case-insensitively', () => {
    expect(isCodewardSecret('openai_api_key')).toBe(true);
    expect(isCodewardSecret('CODEWARD_ANYTHING_NEW')).toBe(true);
    expect(isCodewardSecret('CODEWARD_STATE_DIR')).toBe(false);
    expect(isCodewardSecret('PATH')).toBe(false);
  });

  it('a real child does not see OPENAI_API_KEY set in the parent', async () => {
    const env = childEnv({ ...process.env, OPENAI_API_KEY: 'sk-test-should-not-leak', CODEWARD_SECRET: 'x' });
    const result = await runProcess({ command: 'echo "${OPENAI_API_KEY:-absent} ${CODEWARD_SECRET:-absent} $NO_COLOR"; env | grep -c sk-test || true', cwd: process.cwd(), timeoutMs: 10_000, env });
    expect(result.stdout).toBe('absent absent 1\n0\n');
  });
});
