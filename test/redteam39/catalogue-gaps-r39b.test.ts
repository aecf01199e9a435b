// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b2 — MAJOR (the one write gate, "a file a program later runs or obeys"; R37-b3/R38-b5's per-tool class) — the
// catalogue (obeyed.ts ROWS, obeyed-linters.ts LINTER_ROWS) misses config files that a tool the person runs FOR ANOTHER
// REASON (an editor opening the folder, its language server, a build-on-save) reads from the folder and turns into a
// program run, by the same reasoning that put .vscode, .jvmopts, .nvim.lua, .hg and the linter configs in:
//   - latexmkrc / .latexmkrc: Perl code latexmk runs from the current folder; LaTeX Workshop builds with latexmk on
//     every save (its default recipe, no -norc), so editing a .tex file runs it ($pdflatex = 'anything').
//   - hie.yaml (`cradle: bios: program: ./x`, `shell:`) and .hie-bios (the implicit bios cradle's program): the Haskell
//     Language Server runs them when a .hs file opens.
//   - .bsp/*.json: Build Server Protocol connection files; `argv` is the command Metals / IntelliJ start on import.
//   - omnisharp.json: OmniSharp's project file; RoslynExtensionsOptions.LocationPaths loads analyzer DLLs on open.
//   - rust-analyzer.toml: rust-analyzer's project config (check.overrideCommand, cargo.buildScripts.overrideCommand,
//     procMacro.server) runs on open/save, as .vscode/settings.json's rust-analyzer keys (catalogued) do.
//   - .mill-jvm-opts: JVM options (-javaagent:./x.jar) of every mill run, as sbt's .jvmopts (catalogued).
//   - .sl/config: Sapling's repository config (`[hooks]` run by `sl commit`), as .hg (catalogued) and .jj/repo/config.toml.
//   - _darcs/prefs/defaults: darcs' per-repository defaults (`ALL posthook CMD` + `ALL run-posthook`), as .git.
//   - .vimspector.json: vimspector's launch configurations (the program F5 starts), as .vscode/launch.json.
//   - .lazy.lua: lazy.nvim's project spec (Lua run at start), as .nvim.lua (catalogued).
//   - cspell.config.js / .cjs / .mjs: JavaScript config the Code Spell Checker extension loads on open; tailwind.config.js
//     (Tailwind CSS IntelliSense loads it on open), svelte.config.js (the Svelte language server imports it): the
//     ESLint/Prettier row's reasoning (an editor extension runs the project's config).
//   - .lintr (R: `linters:` is R code lintr evaluates; the R language server lints on open).
//   Less sure (listed, not tested): .merlin (`FLG -ppx CMD` run by merlin), .factorypath/.classpath (JDT annotation
//   processors on import), .phpactor.json (`*.bin` programs), .luarc.json (`runtime.plugin`), .sqlfluff (`library_path`
//   Python macros), tslint.json (`rulesDirectory`), .remarkrc.js, .oxlintrc.json (`jsPlugins`), deno.json (lint plugins),
//   .pijul/config ([hooks]), .ansible-lint (`rulesdir`).
//
// Reproduction (integ 507f8cca, root, bwrap; --yes):
//   $ codeward --yes write --file latexmkrc --content 'x'                 -> written (C241 expected, as for .envrc, .jvmopts)
//   $ codeward --yes write --file hie.yaml --content 'x'                  -> written
//   $ codeward --yes exec 'python3 w.py'   (w.py: open("latexmkrc","w").write("x"))  -> latexmkrc left in place
//     (control: the same with .envrc -> moved aside as .envrc.planted-by-sandbox-…)
// Expected: the file tools ask (C241, immune under --yes) and a sandboxed run's leftover is moved aside.
// ONE place for the fix: obeyed.ts ROWS ('editor' / 'toolchain' / 'git' families) and obeyed-linters.ts LINTER_ROWS.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { yesEngines } from '../helpers/yes-engines.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const withEngine = yesEngines('cw-rt39b-');

const MISSED = ['latexmkrc', '.latexmkrc', 'hie.yaml', '.hie-bios', '.bsp/sbt.json', 'omnisharp.json', 'rust-analyzer.toml', '.mill-jvm-opts', '.sl/config', '_darcs/prefs/defaults', '.vimspector.json', '.lazy.lua', 'cspell.config.js', '.lintr', 'paper/latexmkrc'];
// fix46: tailwind.config.js and svelte.config.js are left out by design: build files of the project (the catalogue's line,
// obeyed.ts), obeyed where the project names the editor extension that loads them (hook-editor.ts;
// test/permissions/hook-editor.test.ts holds tailwind.config.js free in a project that names no Tailwind extension).

describe('R39-b2 MAJOR: config files a tool runs on open or save are not in the write gate catalogue', { timeout: 120_000 }, () => {
  it('the file tools ask (C241) for each under --yes', async () => {
    const written = await withEngine({}, false, async (engine) => {
      const got: string[] = [];
      for (const file of ['.envrc', '.jvmopts', ...MISSED]) {
        const result = await engine.run({ cmd: 'write', args: { file, content: 'x\n' } });
        if (result.ok) got.push(file);
      }
      return got;
    });
    expect(written).toEqual([]);
  });
  it.skipIf(!bwrapWorks)('a sandboxed run that leaves latexmkrc or hie.yaml has it moved aside (as .envrc is)', async () => {
    const left = await withEngine({ 'w.py': 'for n in [".envrc", "latexmkrc", "hie.yaml", "omnisharp.json"]: open(n, "w").write("x")\n' }, true, async (engine, root) => {
      await engine.run({ cmd: 'exec', args: { cmd: 'python3 w.py' } });
      return ['.envrc', 'latexmkrc', 'hie.yaml', 'omnisharp.json'].filter((name) => existsSync(join(root, name)));
    });
    expect(left).toEqual([]);
  });
});
