// R45-a1 (second half) — MAJOR (conditional: codeward installed in a sandboxWritable area; escape: the next codeward
// loads, in-process and unsandboxed, a file a sandboxed run wrote).
// Class: fix77's own-code-tree.ts keeps each package FOLDER of codeward's tree and looks up the names its
// dependencies/optional/peer fields list. node loads more: (c) a package.json "main" may leave its package
// ("../../lib/d.js": path.resolve from the package folder), so the file node loads lies outside every kept folder;
// (d) an "imports" map (#x) may target a bare package name that no dependency field lists: node looks it up from the
// package like a dependency. Each case asks REAL node which file it loads, then whether the own-code set keeps it.
// Fix (own-code-tree.ts, own-code-package.ts): a "main" leaving its package is kept (with every form require tries);
// the bare names of "imports" targets are looked up like dependencies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ownCodeFolders } from '../../src/permissions/own-code.js';
import { file, kept, nodeResolves, pkg } from './own-code-r45a-tree.js';

const base = mkdtempSync(join(tmpdir(), 'cw-rt45a-main-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('R45-a1 MAJOR: a "main" that leaves its package', () => {
  it('main "../../lib/d.js": the file node loads is kept', () => {
    const ws = join(base, 'main');
    const own = pkg(join(ws, 'node_modules', 'codeward'), { name: 'codeward', dependencies: { d: '1' } });
    pkg(join(ws, 'node_modules', 'd'), { name: 'd', main: '../../lib/d.js' });
    const planted = file(join(ws, 'lib', 'd.js'));
    expect(nodeResolves(own, 'd')).toBe(planted);
    expect(kept(ownCodeFolders([ws], own), planted)).toBe(true);
  });

  it('main without an extension ("../../lib/e"): each form require tries is kept', () => {
    const ws = join(base, 'main-forms');
    const own = pkg(join(ws, 'node_modules', 'codeward'), { name: 'codeward', dependencies: { e: '1' } });
    pkg(join(ws, 'node_modules', 'e'), { name: 'e', main: '../../lib/e' });
    const planted = file(join(ws, 'lib', 'e.json'), '{}\n');
    expect(nodeResolves(own, 'e')).toBe(planted);
    const paths = ownCodeFolders([ws], own);
    for (const form of ['e', 'e.js', 'e.json', 'e.node', 'e/index.js']) expect(kept(paths, join(ws, 'lib', form))).toBe(true);
  });

  it('control: a main inside its package adds nothing outside it', () => {
    const ws = join(base, 'main-inside');
    const own = pkg(join(ws, 'node_modules', 'codeward'), { name: 'codeward', dependencies: { f: '1' } });
    pkg(join(ws, 'node_modules', 'f'), { name: 'f', main: './lib/../index.js' });
    expect(ownCodeFolders([ws], own).filter((path) => !path.startsWith(join(ws, 'node_modules')))).toEqual([]);
  });
});

describe('R45-a1 MAJOR: "imports" (#x) targets', () => {
  it("codeward's own #x mapped to a package no dependency field lists", () => {
    const ws = join(base, 'imports');
    const own = pkg(join(ws, 'node_modules', 'codeward'), { name: 'codeward', imports: { '#x': 'g', '#y': { node: 'h/sub.js', default: './local.js' } } });
    const g = pkg(join(ws, 'node_modules', 'g'), { name: 'g' });
    pkg(join(ws, 'node_modules', 'h'), { name: 'h' });
    const sub = file(join(ws, 'node_modules', 'h', 'sub.js'));
    expect(nodeResolves(own, '#x')).toBe(join(g, 'index.js'));
    expect(nodeResolves(own, '#y')).toBe(sub);
    const paths = ownCodeFolders([ws], own);
    expect(kept(paths, join(g, 'index.js'))).toBe(true);
    expect(kept(paths, sub)).toBe(true);
  });

  it("a dependency's #z mapped to a package (array and nested conditions)", () => {
    const ws = join(base, 'imports-dep');
    const own = pkg(join(ws, 'node_modules', 'codeward'), { name: 'codeward', dependencies: { a: '1' } });
    pkg(join(ws, 'node_modules', 'a'), { name: 'a', imports: { '#z': [{ require: { default: '@q/z' } }, './x.js'] } });
    const z = pkg(join(ws, 'node_modules', '@q', 'z'), { name: '@q/z' });
    expect(nodeResolves(join(ws, 'node_modules', 'a'), '#z')).toBe(join(z, 'index.js'));
    expect(kept(ownCodeFolders([ws], own), join(z, 'index.js'))).toBe(true);
  });
});
