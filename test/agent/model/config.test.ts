import { describe, expect, it } from 'vitest';
import { loadUserAgentConfig, resolveModelConfig } from '../../../src/agent/model/config.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { c210 } from '../../helpers/errors.js';

describe('model configuration', () => {
  it('flags beat env, env beats ~/.codeward/config', () => {
    const user = { provider: 'ollama' as const, model: 'from-config' };
    expect(resolveModelConfig({}, {}, user)).toMatchObject({ provider: 'ollama', model: 'from-config', baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(resolveModelConfig({}, { CODEWARD_PROVIDER: 'openai', CODEWARD_MODEL: 'env-model', OPENAI_API_KEY: 'k' }, user)).toMatchObject({ provider: 'openai', model: 'env-model', apiKey: 'k' });
    expect(resolveModelConfig({ provider: 'anthropic', model: 'flag' }, { CODEWARD_PROVIDER: 'openai', ANTHROPIC_API_KEY: 'a' }, user)).toMatchObject({ provider: 'anthropic', model: 'flag', apiKey: 'a' });
  });

  it('guesses the provider from the API key that is set', () => {
    expect(resolveModelConfig({}, { ANTHROPIC_API_KEY: 'a' }, {}).provider).toBe('anthropic');
    expect(resolveModelConfig({}, { OPENAI_API_KEY: 'o' }, {}).provider).toBe('openai');
  });

  it('explains what is missing', () => {
    expect(c210(() => resolveModelConfig({}, {}, {}))).toMatch(/no model provider configured/);
    expect(c210(() => resolveModelConfig({ provider: 'gemini' }, {}, {}))).toMatch(/unknown provider "gemini"/);
    expect(c210(() => resolveModelConfig({ provider: 'openai-compatible', model: 'm' }, {}, {}))).toMatch(/--base-url/);
    expect(c210(() => resolveModelConfig({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1' }, {}, {}))).toMatch(/--model/);
    expect(c210(() => resolveModelConfig({ provider: 'openai' }, {}, {}))).toMatch(/OPENAI_API_KEY/);
  });

  it('reads ~/.codeward/config as JSON or YAML and names a bad key', async () => {
    const home = await tempDir();
    expect(await loadUserAgentConfig(home)).toEqual({});
    await writeFiles(home, { '.codeward/config.yaml': 'provider: ollama\nmodel: qwen\nmaxTurns: 9\n' });
    expect(await loadUserAgentConfig(home)).toEqual({ provider: 'ollama', model: 'qwen', maxTurns: 9 });
    await writeFiles(home, { '.codeward/config.json': '{"provider": "bard"}' });
    await expect(loadUserAgentConfig(home)).rejects.toMatchObject({ code: 'C210', message: expect.stringMatching(/config.json.*provider/) });
  });

  it('names an unknown key of ~/.codeward/config with the key it was probably meant to be; the sandbox keys are known', async () => {
    const home = await tempDir();
    await writeFiles(home, { '.codeward/config.yaml': 'modle: qwen\nbase_uri: http://127.0.0.1:1/v1\npassEnv: [GITHUB_TOKEN]\nfrobnicate: 1\n' });
    const warnings: string[] = [];
    expect(await loadUserAgentConfig(home, (message) => warnings.push(message))).toEqual({});
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/unknown key "modle" ignored \(did you mean "model"\?\)/);
    expect(warnings[1]).toMatch(/unknown key "base_uri" ignored \(did you mean "baseUrl"\?\)/);
    expect(warnings[2]).toMatch(/unknown key "frobnicate" ignored; valid keys: provider, model/);
    expect(warnings.join('\n')).not.toContain('passEnv"');
  });
});
