// Red team round 20, R20-17 (issue 26), pixi's part: `pixi.toml` (or pyproject's `[tool.pixi]`) `[activation] scripts`
// are sourced by every `pixi run` / `pixi shell`, and `[activation] env` is set for every command; with no hook, the
// scripts and what the env values name were free. Now the manifests are read at every depth and above the workspace
// (src/permissions/pixi-obeyed.ts): scripts read like an `.envrc`'s `source`, env values like env-file values; an
// activation key not modelled, or a manifest that does not parse, obeys the whole work tree. Ordinary manifests
// (dependencies, tasks, a pyproject without pixi) keep the sources free. Through the real binary under --yes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-pixi-activation-');
});
afterAll(async () => removeDir(base));

const written = (files: Record<string, string>, file: string, sub?: string): Promise<string> => cliWritten(base, files, file, sub);
const head = '[workspace]\nname = "w"\nchannels = ["conda-forge"]\nplatforms = ["linux-64"]\n\n';

describe('R20-17: what pixi\'s activation names is obeyed without a hook', () => {
  it.each([
    ['pixi.toml [activation] scripts', { 'pixi.toml': `${head}[activation]\nscripts = ["tools/a.sh"]\n` }, 'tools/a.sh'],
    ['what an activation script sources', { 'pixi.toml': `${head}[activation]\nscripts = ["tools/a.sh"]\n`, 'tools/a.sh': '. "$(dirname "${BASH_SOURCE[0]}")/b.sh"\n' }, 'tools/b.sh'],
    ['[target.linux-64.activation] scripts', { 'pixi.toml': `${head}[target.linux-64.activation]\nscripts = ["tools/l.sh"]\n` }, 'tools/l.sh'],
    ['[feature.dev.activation] scripts', { 'pixi.toml': `${head}[feature.dev.activation]\nscripts = ["tools/d.sh"]\n` }, 'tools/d.sh'],
    ['[activation] env PYTHONPATH', { 'pixi.toml': `${head}[activation.env]\nPYTHONPATH = "$PIXI_PROJECT_ROOT/libs"\n` }, 'libs/sitecustomize.py'],
    ['[activation] env NODE_OPTIONS', { 'pixi.toml': `${head}[activation]\nenv = { NODE_OPTIONS = "--require ./tools/r.js" }\n` }, 'tools/r.js'],
    ['pyproject [tool.pixi.activation] scripts', { 'pyproject.toml': '[project]\nname = "w"\n\n[tool.pixi.workspace]\nchannels = ["conda-forge"]\nplatforms = ["linux-64"]\n\n[tool.pixi.activation]\nscripts = ["tools/p.sh"]\n' }, 'tools/p.sh'],
    ['a nested svc/pixi.toml (relative to svc)', { 'svc/pixi.toml': `${head}[activation]\nscripts = ["tools/a.sh"]\n` }, 'svc/tools/a.sh'],
  ])('%s: what it names asks', async (_name, files, file) => {
    expect(await written(files, file)).toBe('C241');
  });

  it('an activation key not modelled, a loader value known at run time, a manifest that does not parse: the whole work tree', async () => {
    expect(await written({ 'pixi.toml': `${head}[activation]\nhooks = ["tools/h.sh"]\n` }, 'src/a.ts')).toBe('C241');
    expect(await written({ 'pixi.toml': `${head}[activation.env]\nPYTHONPATH = "$(cat .p)"\n` }, 'src/a.ts')).toBe('C241');
    expect(await written({ 'pixi.toml': `${head}[activation\n` }, 'src/a.ts')).toBe('C241');
  });

  it('ordinary manifests keep ordinary writes free', async () => {
    const pixi = `${head}[dependencies]\npython = ">=3.11"\nnumpy = "*"\n\n[tasks]\ntest = "pytest -q"\nlint = { cmd = "ruff check ." }\n\n[activation.env]\nRUST_LOG = "info"\nDATA_DIR = "data"\n`;
    expect(await written({ 'pixi.toml': pixi }, 'src/a.ts')).toBe('ok');
    expect(await written({ 'pixi.toml': pixi }, 'data/x.csv')).toBe('ok');
    expect(await written({ 'pyproject.toml': '[project]\nname = "w"\n[tool.ruff]\nline-length = 100\n' }, 'src/a.ts')).toBe('ok');
    expect(await written({ 'pyproject.toml': '[project\nname = "broken, not pixi\'s"\n' }, 'src/a.ts')).toBe('ok');
  });
});
