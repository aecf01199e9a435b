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

  it('an unknown key of ~/.codeward/config is C210 with the key it was probably meant to be; the sandbox keys are known', async () => {
    const home = await tempDir();
    await writeFiles(home, { '.codeward/config.yaml': 'modle: qwen\npassEnv: [GITHUB_TOKEN]\n' });
    await expect(loadUserAgentConfig(home)).rejects.toMatchObject({ code: 'C210', message: expect.stringMatching(/config\.yaml: unknown key "modle" \(did you mean "model"\?\)/) });
    await writeFiles(home, { '.codeward/config.yaml': 'base_uri: http://127.0.0.1:1/v1\n' });
    await expect(loadUserAgentConfig(home)).rejects.toMatchObject({ message: expect.stringMatching(/unknown key "base_uri" \(did you mean "baseUrl"\?\)/) });
    await writeFiles(home, { '.codeward/config.yaml': 'base_url: http://127.0.0.1:1/v1\npassEnv: [GITHUB_TOKEN]\n' });
    expect(await loadUserAgentConfig(home)).toEqual({ baseUrl: 'http://127.0.0.1:1/v1' });
  });
});
