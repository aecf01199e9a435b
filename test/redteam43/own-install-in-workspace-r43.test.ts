// R43-a6 — MAJOR (escape: a sandboxed run rewrites codeward's OWN code; the next `codeward` the person starts runs
// it unsandboxed, as the person) — fix62's rule is "codeward's own programs never resolve to a folder a run may
// write", but it covers only the programs it finds on PATH (bwrap, unshare, mount, git, getent). codeward itself
// (its dist/, started by `npx codeward` from the project, as docs/agent.md and configuration.md show) and what it
// spawns from its own package (the shipped ripgrep: home-mention-search.ts createRequire(import.meta.url), search/)
// lie in the WORKSPACE when the project has codeward as a devDependency: node_modules/codeward is as writable to a
// run as any file there. A staged run's write to node_modules/codeward/dist/bin/codeward.js is applied ("changed
// …", undoable, unasked), and the very next `codeward …` runs the planted line before any sandbox exists.
// Class: R40-a1 / R42-a6 (a program codeward starts comes from where a run writes), for codeward's own files.
// Repro (integ 3bd9898c, root, bwrap): ws/node_modules/codeward = a copy of dist + package.json, the deps linked;
//   w.py patches node_modules/codeward/dist/bin/codeward.js (names split so no rule reads them)
//   $ node node_modules/codeward/dist/bin/codeward.js --yes exec --cmd 'python3 w.py'  -> [exit 0], "changed …"
//   $ node node_modules/codeward/dist/bin/codeward.js --yes exec --cmd 'echo second'   -> PWNED written on the host
// Fix (src/setup.ts / sandbox view): find codeward's own package folder (realpath of import.meta.url's package root,
// and the ripgrep binary's) and, when it lies in the workspace or a sandboxWritable area, bind it read-only in every
// view and jail (and refuse a staged plan that writes there, as .git's control files), or refuse to start with a
// C2xx error naming the folder ("codeward installed where its runs write").
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { BARE_USABLE, bareExec, bareSuite } from '../helpers/bare-cli.js';

const marker = (): string => join(suite.base(), 'PWNED');

const suite = bareSuite('cw-rt43a-own-install-', (base, outs) => {
  const ws = join(base, 'ws');
  const own = join(ws, 'node_modules', 'codeward');
  mkdirSync(own, { recursive: true });
  cpSync(join(REPO_ROOT, 'dist'), join(own, 'dist'), { recursive: true });
  cpSync(join(REPO_ROOT, 'package.json'), join(own, 'package.json'));
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules'))) if (name !== 'codeward') symlinkSync(join(REPO_ROOT, 'node_modules', name), join(ws, 'node_modules', name));
  writeFileSync(join(ws, 'w.py'), [
    "p = 'node_modules/code' + 'ward/dist/bin/code' + 'ward.js'",
    'head, rest = open(p).read().split("\\n", 1)',
    `open(p, 'w').write(head + "\\nimport('node:fs').then((f) => f.writeFileSync('${marker()}', 'escaped'));\\n" + rest)`,
    "print('patched')",
    '',
  ].join('\n'));
  const cli = join(own, 'dist', 'bin', 'codeward.js');
  const through = (line: string, stage = true): string => bareExec(base, line, stage, { cli, path: '/usr/bin:/bin' });
  outs['patch'] = through('python3 w.py');
  outs['next'] = through('echo second');
  // fix71: the same patch written in place (unstaged): read-only there, or moved aside after the run.
  outs['inPlace'] = through('python3 w.py', false);
  outs['third'] = through('echo third');
}, { timeout: 150_000 });
const outs = suite.outs;

describe.skipIf(!BARE_USABLE)("R43-a6 MAJOR: a run rewrites codeward's own code installed in the workspace", () => {
  it('control: the patch script ran and the next run ran', () => {
    expect(outs['patch']).toContain('[exit 0]');
    expect(outs['next']).toContain('second');
  });
  it('the patch to codeward itself is refused or not applied', () => {
    expect(outs['patch']).not.toMatch(/changed node_modules\/codeward\/dist/);
  });
  it('unstaged: the run cannot leave the patch in place either', () => {
    expect(outs['third']).toContain('third');
    expect(existsSync(marker())).toBe(false);
  });
  it('the next codeward does not run what the run wrote', () => {
    expect(existsSync(marker())).toBe(false);
  });
});
