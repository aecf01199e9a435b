// Red team round 20, R20-20 (issue 26): a shipped `.golangci.yml` (v1 `linters-settings.custom.x.path`, v2
// `linters.settings.custom.x.path`) names a Go plug-in (`tools/x.so`) the person's next plain `golangci-lint run`
// dlopens; `.custom-gcl.yml`'s `plugins[].path` names the module `golangci-lint custom` builds in. With no hook, what
// they named was free. Now the files are read at every depth and above the workspace (src/permissions/golangci-obeyed.ts)
// and what they name asks; a key not modelled naming a path, a path only known at run time, or a file that does not
// parse obeys the whole work tree. Ordinary configurations (real-world shapes: exclusions, output files, goheader's
// template, import prefixes) keep the sources free. Through the real binary under --yes, as the red team ran it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-golangci-obeyed-');
});
afterAll(async () => removeDir(base));

const written = (files: Record<string, string>, file: string, sub?: string): Promise<string> => cliWritten(base, files, file, sub);
const mod = { 'go.mod': 'module example.com/w\n\ngo 1.22\n', 'main.go': 'package main\n\nfunc main() {}\n' };

describe('R20-20: what golangci-lint\'s configuration names is obeyed without a hook', () => {
  it.each([
    ['v1 linters-settings.custom.x.path', { '.golangci.yml': 'linters-settings:\n  custom:\n    x:\n      path: tools/x.so\n      description: x\n      original-url: github.com/acme/x\n' }, 'tools/x.so'],
    ['v2 linters.settings.custom.x.path', { '.golangci.yml': 'version: "2"\nlinters:\n  settings:\n    custom:\n      x:\n        type: goplugin\n        path: ./tools/x.so\n' }, 'tools/x.so'],
    ['v2 ${base-path}', { '.golangci.yaml': 'version: "2"\nlinters:\n  settings:\n    custom:\n      x:\n        path: ${base-path}/plug/x.so\n' }, 'plug/x.so'],
    ['toml', { '.golangci.toml': '[linters-settings.custom.x]\npath = "tools/x.so"\n' }, 'tools/x.so'],
    ['json', { '.golangci.json': '{"linters-settings":{"custom":{"x":{"path":"tools/x.so"}}}}' }, 'tools/x.so'],
    ['a nested svc/.golangci.yml (relative to svc)', { 'svc/.golangci.yml': 'linters-settings:\n  custom:\n    x:\n      path: tools/x.so\n' }, 'svc/tools/x.so'],
    ['.custom-gcl.yml plugins[].path (a module folder, whole)', { '.custom-gcl.yml': 'version: v1.62.0\nplugins:\n  - module: example.com/plug\n    path: ./tools/plug\n' }, 'tools/plug/plugin.go'],
    ['gocritic ruleguard rules', { '.golangci.yml': 'linters-settings:\n  gocritic:\n    settings:\n      ruleguard:\n        rules: "${configDir}/rules/rules.go"\n' }, 'rules/rules.go'],
  ])('%s: what it names asks', async (_name, files, file) => {
    expect(await written({ ...mod, ...files }, file)).toBe('C241');
  });

  it('.custom-gcl.yml is catalogued itself', async () => {
    expect(await written(mod, '.custom-gcl.yml')).toBe('C241');
  });

  it('a subfolder workspace: the enclosing folder\'s .golangci.yml is read', async () => {
    expect(await written({ '.golangci.yml': 'linters-settings:\n  custom:\n    x:\n      path: sub/tools/x.so\n' }, 'tools/x.so', 'sub')).toBe('C241');
  });

  it('a key not modelled naming a path, a path known at run time, a file that does not parse: the whole work tree', async () => {
    expect(await written({ ...mod, '.golangci.yml': 'linters-settings:\n  newlinter:\n    helper: ./tools/h.so\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ ...mod, '.golangci.yml': 'linters-settings:\n  custom:\n    x:\n      path: ${PLUGINS}/x.so\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ ...mod, '.golangci.yml': 'linters: [\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ ...mod, '.custom-gcl.yml': 'plugins:\n  - module: m\n    helper: ../x\n' }, 'src/a.ts')).toBe('C241');
  });

  it('ordinary configurations keep ordinary writes free', async () => {
    const v1 = 'run:\n  timeout: 5m\n  modules-download-mode: readonly\n  skip-dirs:\n    - ./gen\nlinters:\n  disable-all: true\n  enable: [goheader, goimports, gocritic, depguard, errcheck, revive]\n'
      + 'linters-settings:\n  goheader:\n    template-path: ./.go-header.txt\n  goimports:\n    local-prefixes: github.com/acme/w\n  errcheck:\n    exclude-functions:\n      - io/ioutil.ReadFile\n'
      + '  depguard:\n    rules:\n      main:\n        files: ["$all", "!$test"]\n        deny:\n          - pkg: "github.com/sirupsen/logrus"\n            desc: use slog\n  revive:\n    rules:\n      - name: unused-parameter\n        disabled: true\n'
      + 'issues:\n  exclude-dirs:\n    - hack/bin\n    - ./internal/static\n  exclude-files: ["zz_*", ".*test.go"]\n  exclude-rules:\n    - path: _test\\.go\n      linters: [errcheck]\n    - path: ./cmd/tool.sh\n      text: x\n'
      + 'output:\n  formats:\n    - format: checkstyle\n      path: ./report.xml\n';
    const v2 = 'version: "2"\nlinters:\n  default: standard\n  exclusions:\n    paths: [./third_party, examples$]\n    rules:\n      - path: _test\\.go\n        linters: [gosec]\nformatters:\n  enable: [gci]\n  settings:\n    gci:\n      sections: [standard, default, prefix(github.com/acme)]\noutput:\n  formats:\n    text:\n      path: ./lint.txt\n';
    expect(await written({ ...mod, '.golangci.yml': v1 }, 'src/a.ts')).toBe('ok');
    expect(await written({ ...mod, '.golangci.yml': v1 }, 'internal/x/notes.md')).toBe('ok');
    expect(await written({ ...mod, 'svc/.golangci.yaml': v2 }, 'svc/pkg/notes.md')).toBe('ok');
    expect(await written({ ...mod, '.custom-gcl.yml': 'version: v1.62.0\nplugins:\n  - module: github.com/golangci/plugin-module-register\n    import: github.com/golangci/example-linter\n    version: v0.1.0\n' }, 'src/a.ts')).toBe('ok');
  });
});
