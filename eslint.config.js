import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The layers of ARCHITECTURE.md: doors and the agent depend on the engine, never the reverse.
const CORE = ['engine', 'workspace', 'files', 'edit', 'shell', 'permissions', 'args', 'commands'];
const outward = (from) => ({
  files: [`src/${from}/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        { group: ['**/doors/**', '../doors/*', '../../doors/*'], message: `${from}/ is part of the engine: it must not import a door.` },
        { group: ['**/agent/**', '../agent/*', '../../agent/*'], message: `${from}/ is part of the engine: it must not import the agent.` },
      ],
    }],
  },
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/.fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', performance: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'error',
    },
  },
  ...CORE.map(outward),
  {
    files: ['src/agent/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/doors/**', '../doors/*'], message: 'the agent is a client of the engine; it must not import a door.' }] }] },
  },
  { files: ['test/**', 'bench/**', 'scripts/**'], rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' } },
);
