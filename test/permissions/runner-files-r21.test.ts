// Red team round 21, R21-8 (class: runner files a hook obeys, include folders): a pre-commit hook runs `make -I
// tools` (GNU make looks for `include m.mk` in the -I folders when the working folder has none), a Makefile recipe
// `cd tools && $(MAKE)`, or `just x` / `task` whose justfile sets `shell := ["tools/sh", "-c"]` (every recipe line
// runs through it) or loads a dotenv file (`set dotenv-path`, Taskfile `dotenv:`; its NODE_OPTIONS reaches `node`), or `cd`s
// into a folder that does not exist yet (the write creating it is free).
// The file is written unasked under --yes and obeyed by the next `git commit`.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const BASE = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '' };
const place = rowPlace('cw-rt21-runner-');

describe('R21-8: what a runner file reaches by an include folder, a recipe cd, a shell or an env file', () => {
  it.each<[string, string, Record<string, string>, string]>([
    ['make -I tools', 'make -I tools', { Makefile: 'include m.mk\nall:\n\ttrue\n' }, 'tools/m.mk'],
    ['make --include-dir=tools', 'make --include-dir=tools', { Makefile: 'include m.mk\nall:\n\ttrue\n' }, 'tools/m.mk'],
    ['justfile set shell', 'just x', { justfile: 'set shell := ["tools/sh", "-c"]\nx:\n  true\n' }, 'tools/sh'],
    ['justfile set dotenv-path', 'just x', { justfile: 'set dotenv-path := "tools/e.env"\nx:\n  node t.js\n', 't.js': '' }, 'tools/e.env'],
    ['Taskfile dotenv', 'task', { 'Taskfile.yml': 'version: "3"\ndotenv: ["tools/e.env"]\ntasks:\n  default:\n    cmds: [node t.js]\n', 't.js': '' }, 'tools/e.env'],
  ])('%s: writing the file asks; a source stays free', async (_name, hook, files, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...BASE, ...files }, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  // The class (files22): what an env file, an exported variable, a working folder or a shell names.
  it.each<[string, string, Record<string, string>, string]>([
    ['justfile set dotenv-load: .env NODE_OPTIONS', 'just x', { justfile: 'set dotenv-load\nx:\n  node t.js\n', '.env': 'NODE_OPTIONS=--require ./tools/x.js\n', 't.js': '' }, 'tools/x.js'],
    ['justfile set dotenv-filename', 'just x', { justfile: "set dotenv-filename := 'tools/f.env'\nx:\n  true\n" }, 'tools/f.env'],
    ['justfile export NODE_OPTIONS', 'just x', { justfile: 'export NODE_OPTIONS := "--require ./tools/x.js"\nx:\n  node t.js\n', 't.js': '' }, 'tools/x.js'],
    ['justfile set working-directory', 'just x', { justfile: "set working-directory := 'tools'\nx:\n  node y.js\n" }, 'tools/y.js'],
    ['justfile set script-interpreter', 'just x', { justfile: "set script-interpreter := ['tools/i', '-e']\nx:\n  true\n" }, 'tools/i'],
    ['Taskfile env NODE_OPTIONS', 'task', { 'Taskfile.yml': 'version: "3"\nenv:\n  NODE_OPTIONS: --require ./tools/x.js\ntasks:\n  default:\n    cmds: [node t.js]\n', 't.js': '' }, 'tools/x.js'],
    ['Taskfile task dir', 'task', { 'Taskfile.yml': 'version: "3"\ntasks:\n  default:\n    dir: tools\n    cmds: [node y.js]\n' }, 'tools/y.js'],
    ['Taskfile dotenv NODE_OPTIONS', 'task', { 'Taskfile.yml': 'version: "3"\ndotenv: [".env"]\ntasks:\n  default:\n    cmds: [node t.js]\n', '.env': 'NODE_OPTIONS=--require ./tools/x.js\n', 't.js': '' }, 'tools/x.js'],
    ['make -Itools (attached)', 'make -Itools', { Makefile: 'include m.mk\nall:\n\ttrue\n' }, 'tools/m.mk'],
    ['MAKEFLAGS=-Itools make', 'MAKEFLAGS=-Itools make', { Makefile: 'include m.mk\nall:\n\ttrue\n' }, 'tools/m.mk'],
  ])('%s: writing the file asks; a source stays free', async (_name, hook, files, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...BASE, ...files }, asks: [file], free: ['src/a.js'], content: '// ok\n' });
  });

  it('control: ordinary just and Taskfile settings keep sources free', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'just x && task', files: { ...BASE, justfile: 'set shell := ["bash", "-uc"]\nset dotenv-load\nx:\n  node t.js\n', '.env': 'CI=1\n', 't.js': '', 'Taskfile.yml': 'version: "3"\nenv:\n  CI: "1"\ntasks:\n  default:\n    cmds: [node t.js]\n' }, asks: ['t.js'], free: ['src/a.js', 'README.md'], content: '// ok\n' });
  });

  // The folder a `cd` names does not exist yet: the write that creates it is free (with tools/keep present it asks).
  it.each<[string, string, Record<string, string>, string]>([
    ['a recipe cd tools && $(MAKE), tools absent', 'make', { Makefile: 'all:\n\tcd tools && $(MAKE)\n' }, 'tools/Makefile'],
    ['control (held): a hook cd tools && node x, tools absent', 'cd tools && node x', {}, 'tools/x.js'],
  ])('%s: writing the file asks', async (_name, hook, files, file) => {
    await checkHookRow(place.next(), place.home, { hook, files: { 'package.json': BASE['package.json'], 'src/a.js': BASE['src/a.js'], ...files }, asks: [file], free: [], content: '// ok\n' });
  });

  it('control (held): justfile import asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'just x', files: { ...BASE, justfile: 'import "tools/more.just"\nx:\n  true\n' }, asks: ['tools/more.just'], free: ['src/a.js'], content: '// ok\n' });
  });
});
