// Parked: imports are written for the file moved to test/redteam40/<name>.test.ts (as round 39 moved its own).
// R40-b7 — MAJOR (invariant 2 / the one write gate: a file a program later runs or obeys, outside any sandbox) — the
// catalogue (src/permissions/obeyed.ts ROWS, obeyed-linters.ts) misses configs that a tool run FOR ANOTHER REASON
// turns into a program run, including spellings of rows it already has. The file tools write them under --yes, and a
// sandboxed run leaves them in place (the control .envrc is moved aside). Each, from the tool's own documentation:
//   - `.woodpecker.yaml` — Woodpecker's docs name `.woodpecker.yaml` first (".woodpecker/*.{yaml,yml}, .woodpecker.yaml,
//     .woodpecker.yml"); the row has `.woodpecker` and `.woodpecker.yml` only. CI with the repository's secrets.
//   - `buildkite.yml|yaml|json`, `buildkite/pipeline.{yml,yaml,json}` — `buildkite-agent pipeline upload` (the
//     default first step) looks for these BEFORE/BESIDE `.buildkite/pipeline.yml`; the row has `.buildkite` only.
//   - `amplify.yml` — AWS Amplify Hosting's build spec, run on every push (the netlify.toml / vercel.json row).
//   - `.lsp/config.edn` — clojure-lsp (Calva, lsp-mode, coc) reads it at server start; `:project-specs` names a
//     `:classpath-cmd` it RUNS (a shell command), any folder up the tree.
//   - `.vim/coc-settings.json` — coc.nvim's workspace settings: `languageserver.<x>.command` is started on open.
//   - `.ansible-lint`, `.ansible-lint.{yml,yaml}`, `.config/ansible-lint.{yml,yaml}` — `rulesdir:` imports Python
//     rule modules; the Ansible extension runs ansible-lint on open and save (the obeyed-linters.ts class).
//   - `Directory.Packages.props` — imported by every SDK project's evaluation exactly like Directory.Build.props
//     (catalogued): property functions run at evaluation, targets at the C# Dev Kit's design-time build on open.
//   Listed but less sure (not asserted): .byebugrc and .jdbrc (debugger start-up files read from the working folder,
//   as .pdbrc/.perldb rows), .prototools (proto's version selector + plug-ins, as .nvmrc), rvm's .versions.conf
//   (env-NAME= lines set variables on cd, as .rvmrc), graphql.config.js/.graphqlrc.ts (GraphQL LSP loads them),
//   .factorypath (Eclipse JDT annotation processors run by vscode-java's build), .solargraph.yml/.standard.yml
//   (require:), .luarc.json (runtime.plugin), .sqlfluff (jinja library_path), .remarkrc.js, .textlintrc.js,
//   .checkov.yaml (external-checks-dir), .drone.star/.drone.jsonnet, render.yaml, railway.json, .platform.app.yaml,
//   Heroku app.json, bamboo-specs/, .harness/, *.gocd.yaml, nx.json (Nx Console loads its plugins on open),
//   Directory.Solution.props, ipython_config.py.
//
// Reproduction (integ 54799dc5; --yes): `codeward --yes write .woodpecker.yaml` (any content) -> written, no ask;
// `codeward --yes write .woodpecker.yml` -> C241 (held). Same for each name above, at any depth.
// Expected: C241 for each (the obeyed-later immune class), and a sandboxed run's copy moved aside.
// Fix location: src/permissions/obeyed.ts ROWS (CI row: .woodpecker.yaml, buildkite.*, buildkite/pipeline.*,
// amplify.yml; an editor/LSP row: .lsp/config.edn, .vim/coc-settings.json; Directory.Packages.props beside
// Directory.Build.props) and obeyed-linters.ts (ansible-lint's whole documented discovery list).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { yesEngines } from '../helpers/yes-engines.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const withEngine = yesEngines('cw-rt40b-');

const MISSED = ['.woodpecker.yaml', 'buildkite.yml', 'buildkite.yaml', 'buildkite.json', 'buildkite/pipeline.yml', 'amplify.yml', '.lsp/config.edn', '.vim/coc-settings.json', '.ansible-lint', '.ansible-lint.yml', '.config/ansible-lint.yml', 'Directory.Packages.props', 'svc/.woodpecker.yaml', 'app/.lsp/config.edn'];

describe('R40-b7 MAJOR: configs a tool runs for another reason are missing from the write gate catalogue', { timeout: 120_000 }, () => {
  it('the file tools ask (C241) for each under --yes', async () => {
    const written = await withEngine({}, false, async (engine) => {
      const got: string[] = [];
      for (const file of ['.envrc', '.woodpecker.yml', '.buildkite/pipeline.yml', ...MISSED]) {
        const result = await engine.run({ cmd: 'write', args: { file, content: 'x\n' } });
        if (result.ok) got.push(file);
      }
      return got;
    });
    expect(written).toEqual([]);
  });
  it.skipIf(!bwrapWorks)('a sandboxed run that leaves .woodpecker.yaml, buildkite.yml, amplify.yml or Directory.Packages.props has it moved aside (as .envrc is)', async () => {
    const names = ['.envrc', '.woodpecker.yaml', 'buildkite.yml', 'amplify.yml', 'Directory.Packages.props'];
    const left = await withEngine({ 'w.py': `for n in ${JSON.stringify(names)}: open(n, "w").write("x")\n` }, true, async (engine, root) => {
      await engine.run({ cmd: 'exec', args: { cmd: 'python3 w.py' } });
      return names.filter((name) => existsSync(join(root, name)));
    });
    expect(left).toEqual([]);
  });
});
