// R42-b8 — MAJOR for the first group, doubtful for the second (THREAT-MODEL invariant 2; the write gate's catalogue,
// obeyed-linters.ts LINTER_ROWS) — configs of the same kind as the catalogued eslint/prettier/rector/.luacheckrc rows
// (a file the tool executes or whose keys name code it loads, run by an editor extension on open/save or by a CLI the
// person runs for another reason) are written by the `write` tool under --yes without an ask:
//   - Tailwind CSS: tailwind.config.{js,cjs,mjs,ts} (the Tailwind CSS IntelliSense extension loads (runs) it on open);
//   - TSLint: tslint.json (`rulesDirectory` names folders of JavaScript rules it requires; vscode-tslint);
//   - SQLFluff: .sqlfluff (`[sqlfluff:templater:jinja] library_path` / the python templater import Python modules;
//     the sqlfluff extension lints on save);
//   - PHP Insights: phpinsights.php (PHP it includes, like rector.php / ecs.php);
//   - Deno: deno.json / deno.jsonc (`lint.plugins` names JavaScript/TypeScript lint plug-ins; the Deno LSP lints on open);
//   - Oxlint: .oxlintrc.json (`jsPlugins` names JavaScript plug-ins it loads; the oxc extension lints on open).
//   Doubtful (each tool's docs to check; some may be "running the project" by design): analysis_options.yaml (Dart
//   analyzer plugins), .dialyzer_ignore.exs (dialyxir evaluates it), .scalafix.conf (`file:` rules compiled and run),
//   .standard.yml / .haml-lint.yml (`require:`), .clj-kondo/config.edn + .clj-kondo/hooks/*.clj (hooks, SCI),
//   jest.config.js / vitest.config.ts / babel.config.js / postcss.config.js (test-runner and build configs the
//   Jest/Vitest extensions load on open), conftest.py (pytest discovery imports it).
// Repro (h-asgre 7b4b82b5; --yes, sandbox off): the `write` tool writes each -> ok (`.luacheckrc`, `eslint.config.js`: C241).
// Expected: C241 for each of the first group.
// Fix place: src/permissions/obeyed-linters.ts LINTER_ROWS (one row per tool, its documented discovery list).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-rt42b-');
});
afterAll(async () => removeDir(base));

// tailwind.config.* is left out by fix46's design (redteam39/catalogue-gaps-r39b.test.ts: obeyed where the project
// names the Tailwind extension, hook-editor.ts; test/permissions/hook-editor.test.ts holds it free otherwise).
const MISSED = ['tslint.yaml', 'oxlint.config.ts', 'tslint.json', '.sqlfluff', 'phpinsights.php', 'deno.json', 'deno.jsonc', '.oxlintrc.json'];

describe('R42-b8: executable linter/tool configs missing from the write gate catalogue', { timeout: 120_000 }, () => {
  it('the write tool asks (C241) for each under --yes (as for .luacheckrc and eslint.config.js)', async () => {
    const root = join(base, 'w'), home = join(base, 'h');
    mkdirSync(root);
    mkdirSync(home);
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'state') }, sandbox: { mode: 'off' }, permissions: { home, yes: true } });
    try {
      const written: string[] = [];
      for (const file of ['.luacheckrc', 'eslint.config.js', ...MISSED]) {
        const result = await engine.run({ cmd: 'write', args: { file, content: 'x\n' } });
        if (result.ok) written.push(file);
      }
      expect(written).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});
