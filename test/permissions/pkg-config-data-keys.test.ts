// Red team round 20, FRICTION F1 (issue 26): ordinary glob and folder settings of yarn 2+ (.yarnrc.yml) and bun
// (bunfig.toml) were keys codeward did not model whose values hold a `/`, so the whole tree was obeyed and an
// ordinary src/ write asked. They are data (pkg-config-keys.ts DATA): globs yarn matches, log filters, bun's test
// folder and the reports it writes. Controls: a key naming code in the same file still asks. R20-11: yarn PnP's
// loader files are catalogue entries (a write asks with no hook). Through the real binary under --yes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-pkgconf-data-');
});
afterAll(async () => removeDir(base));

const pkg = { 'package.json': '{"name":"w","packageManager":"yarn@4.5.0","scripts":{"test":"node t.js"}}' };

describe('F1: yarn 2+ and bun data settings leave src/ free', () => {
  it.each([
    ['yarn changesetIgnorePatterns', { '.yarnrc.yml': 'changesetIgnorePatterns:\n  - "**/*.test.ts"\n  - packages/*/tests/**\n' }],
    ['yarn immutablePatterns', { '.yarnrc.yml': 'immutablePatterns:\n  - "**/.pnp.*"\n' }],
    ['yarn logFilters', { '.yarnrc.yml': 'logFilters:\n  - pattern: "*/node_modules/*"\n    level: discard\n' }],
    ['yarn pnpIgnorePatterns', { '.yarnrc.yml': 'nodeLinker: pnp\npnpIgnorePatterns:\n  - ./tools/**\n' }],
    ['bun [test] root', { 'bunfig.toml': '[test]\nroot = "./src"\n' }],
    ['bun [test] coverageDir', { 'bunfig.toml': '[test]\ncoverage = true\ncoverageDir = "coverage/unit"\n' }],
    ['bun [test] coveragePathIgnorePatterns', { 'bunfig.toml': '[test]\ncoveragePathIgnorePatterns = ["src/generated/**", "test/fixtures"]\n' }],
    ['bun [test] junit', { 'bunfig.toml': '[test.reporter]\njunit = "reports/junit.xml"\n' }],
  ])('%s: src/a.ts is free', async (_name, files) => {
    expect(await cliWritten(base, { ...pkg, ...files }, 'src/a.ts')).toBe('ok');
  });

  it.each([
    ['yarn plugins beside the globs', { '.yarnrc.yml': 'immutablePatterns:\n  - "**/.pnp.*"\nplugins:\n  - tools/p.cjs\n' }, 'tools/p.cjs'],
    ['bun preload beside [test] root', { 'bunfig.toml': '[test]\nroot = "./src"\npreload = ["./tools/setup.ts"]\n' }, 'tools/setup.ts'],
    ['an unknown yarn key naming a path still obeys the tree', { '.yarnrc.yml': 'someNewFolder: ./x\n' }, 'src/a.ts'],
  ])('%s: %s asks', async (_name, files, file) => {
    expect(await cliWritten(base, { ...pkg, ...files }, file)).toBe('C241');
  });
});

describe('R20-11: yarn Plug\'n\'Play files are obeyed with no hook', () => {
  it.each(['.pnp.cjs', '.pnp.loader.mjs', '.pnp.data.json', 'apps/web/.pnp.cjs', '.yarn/sdks/typescript/lib/tsserver.js', '.tflint.hcl', '.tflint.d/plugins/tflint-ruleset-x', '.rvmrc', '.ycm_extra_conf.py', '.externalToolBuilders/x.launch'])('%s asks', async (file) => {
    expect(await cliWritten(base, { ...pkg, '.yarnrc.yml': 'nodeLinker: pnp\n' }, file)).toBe('C241');
  });
});
