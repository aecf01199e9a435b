// R41-b5 — MAJOR for the first group, MINOR/doubtful for the second (seed 004; the write gate's catalogue) — the
// catalogue lists the EXECUTABLE configs of linters and formatters a person runs for another reason than running
// the project (eslint.config.js, prettier.config.mjs, stylelint.config.js, commitlint, .markdownlint-cli2.cjs,
// lint-staged.config.js, .php-cs-fixer.php, phpstan.neon, psalm.xml, .pylintrc, .rubocop.yml, .credo.exs,
// .formatter.exs, cspell.config.js, .tflint.hcl all ask), but these of the same kind are written under --yes
// without an ask (checked on integ 85b3ba45 with the `write` tool, sandbox off):
//   - remark-cli / remark-language-server: `.remarkrc.js`, `.remarkrc.cjs`, `.remarkrc.mjs` (JavaScript it imports;
//     the JSON/YAML `.remarkrc` names plugins by path too) — unified-engine's config loader;
//   - xo: `.xo-config.js`, `.xo-config.cjs`, `xo.config.js` (imported);
//   - textlint: `.textlintrc.js` (required);
//   - luacheck: `.luacheckrc` (a Lua chunk luacheck executes: "luacheck docs, Configuration");
//   - cmake-format / cmake-lint: `.cmake-format.py` (Python it execs; the VS Code cmake-format extension runs it on save);
//   - rector: `rector.php`; easy-coding-standard: `ecs.php` (PHP it includes, like .php-cs-fixer.php);
//   - npm-check-updates: `.ncurc.js` (required); svgo: `svgo.config.js` (imported);
//   - spectral: `.spectral.js` (a JS ruleset); mdl: `.mdlrc` + `.mdl_style.rb` (a Ruby style file it evals).
//   Doubtful (need each tool's docs checked): `.dialyzer_ignore.exs` (dialyxir evaluates it), `.erb-lint.yml`
//   (+ `.erb-linters/*.rb` loaded), `.haml-lint.yml` (`require:`), `.typedoc.js`, `jsdoc.config.js`, `.scalafix.conf`.
// Expected: C241 for each (as .envrc, eslint.config.js): a later `npx remark .`, `xo`, `luacheck .`, `cmake-format -i`
// or `vendor/bin/rector` run by the person (or an editor extension) runs the written code outside any sandbox.
// Fix location: the catalogue rows (src/permissions/obeyed*.ts catalogue tables, the `linter`/`formatter` family
// beside eslint/prettier/php-cs-fixer); a sandboxed run that leaves one has it moved aside like .envrc.
import { describe, expect, it } from 'vitest';
import { writtenUnasked, yesEngines } from '../helpers/yes-engines.js';

const withEngine = yesEngines('cw-rt41b-');

const MISSED = ['.remarkrc.js', '.remarkrc.cjs', '.remarkrc.mjs', '.xo-config.js', '.xo-config.cjs', 'xo.config.js', '.textlintrc.js', '.luacheckrc', '.cmake-format.py', 'rector.php', 'ecs.php', '.ncurc.js', 'svgo.config.js', '.spectral.js', '.mdl_style.rb', 'pkg/.remarkrc.js', 'lua/.luacheckrc'];

describe('R41-b5: executable linter/formatter configs missing from the write gate catalogue', { timeout: 120_000 }, () => {
  it('the file tools ask (C241) for each under --yes (as for .envrc and eslint.config.js)', async () => {
    expect(await writtenUnasked(withEngine, ['.envrc', 'eslint.config.js', '.php-cs-fixer.php', ...MISSED])).toEqual([]);
  });
  // fold61 (the doubtful `.typedoc.js` above): TypeDoc's options file loads the `plugin`s it names (npm packages or
  // paths, "Plugins are Node modules which export a single load function"), and its JavaScript spellings run; its
  // documented discovery list ("Configuration Options": typedoc.json … typedoc.mjs, the same under .config/).
  it('TypeDoc\'s options files ask too; another file of the name stays free', async () => {
    const names = ['typedoc.json', 'typedoc.jsonc', 'typedoc.config.js', 'typedoc.config.cjs', 'typedoc.config.mjs', 'typedoc.js', 'typedoc.cjs', 'typedoc.mjs', '.config/typedoc.json', '.config/typedoc.config.mjs', 'pkg/typedoc.json'];
    expect(await writtenUnasked(withEngine, [...names, 'typedoc-notes.md'])).toEqual(['typedoc-notes.md']);
  });
});
