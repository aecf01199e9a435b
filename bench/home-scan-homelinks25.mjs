// The cost of the home scans (the write gate's home links, the home's secrets, the PATH folders' links: red team
// R22b-1/2/6) in a realistic large home against a tiny one, through the whole process: `codeward --json --yes -C WS
// write --path src/x.ts` cold (no kept scan: the state folder's home-scan.json removed first) and warm (kept, the
// second call of a pair). The large home: an oh-my-zsh full clone (~350 plugin folders, .git/objects' 256),
// ~/.config/nvim (kickstart's lua/custom/plugins) with lazy.nvim's 50 plugin checkouts in ~/.local/share/nvim/lazy,
// ~/.cargo/registry, ~/.rustup toolchains, ~/.npm/_cacache, ~/.password-store (500 folders), ~/.config/Code, a
// Chrome profile (some MB binaries), ~/.cache: ~120 k files. Both homes hold ~/.local/bin/mytool -> WS/tools/mytool
// (each run checks that writing it asks: the scan saw it). Run by hand (not in npm test):
//   node scripts/build.mjs && node bench/home-scan-homelinks25.mjs [DIST...]   (dist folders, default ./dist; several:
//   an A/B, alternating call by call, as the machine is loaded)
// Fixtures in bench/.fixtures/home-scan-homelinks25 (built once, reused). Reports medians and the ratios.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DISTS = process.argv.length > 2 ? process.argv.slice(2).map((dist) => resolve(dist)) : [fileURLToPath(new URL('../dist', import.meta.url))];
const BASE = fileURLToPath(new URL('.fixtures/home-scan-homelinks25', import.meta.url));
const WS = join(BASE, 'ws');
const BIG = join(BASE, 'big');
const TINY = join(BASE, 'tiny');

let files = 0;
const put = (path, size = 0) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, size === 0 ? '' : Buffer.alloc(size, 7));
  files++;
};
const hex = (n) => n.toString(16).padStart(2, '0');
// `count` files spread over `folders` folders `depth` levels below `at`.
const tree = (at, folders, count, depth = 3) => {
  for (let i = 0; i < count; i++) {
    const f = i % folders;
    const parts = Array.from({ length: depth }, (_, level) => `d${level}_${Math.floor(f / (level + 1)) % Math.max(1, Math.ceil(folders / (level + 1)))}`);
    put(join(at, ...parts, `f${i}.dat`));
  }
};
// A git clone's control folder: 256 loose-object folders of `per` files each, a pack, hooks, refs.
const gitDir = (at, per) => {
  for (let i = 0; i < 256; i++) for (let j = 0; j < per; j++) put(join(at, 'objects', hex(i), `${'0'.repeat(36)}${hex(j)}`));
  put(join(at, 'objects/pack/pack-1.pack'), 4096);
  put(join(at, 'objects/pack/pack-1.idx'));
  for (const name of ['HEAD', 'config', 'index', 'refs/heads/master', 'hooks/pre-commit.sample', 'info/exclude']) put(join(at, name));
};

function buildHome(home, big) {
  mkdirSync(home, { recursive: true });
  put(join(home, '.bashrc'));
  put(join(home, '.gitconfig'));
  mkdirSync(join(home, '.local/bin'), { recursive: true });
  symlinkSync(join(WS, 'tools/mytool'), join(home, '.local/bin/mytool'));
  if (!big) return;
  // oh-my-zsh: ~350 plugins, themes, lib, a full clone's .git.
  for (let i = 0; i < 350; i++) for (const name of ['p.plugin.zsh', 'README.md']) put(join(home, '.oh-my-zsh/plugins', `p${i}`, name));
  for (let i = 0; i < 140; i++) put(join(home, '.oh-my-zsh/themes', `t${i}.zsh-theme`));
  for (let i = 0; i < 30; i++) put(join(home, '.oh-my-zsh/lib', `l${i}.zsh`));
  gitDir(join(home, '.oh-my-zsh/.git'), 1);
  // kickstart.nvim and lazy.nvim's 50 plugin checkouts (~10 k files).
  put(join(home, '.config/nvim/init.lua'));
  for (let i = 0; i < 10; i++) put(join(home, '.config/nvim/lua/custom/plugins', `p${i}.lua`));
  for (let p = 0; p < 50; p++) {
    const at = join(home, '.local/share/nvim/lazy', `plugin${p}`);
    tree(join(at, 'lua'), 12, 140, 3);
    tree(join(at, 'doc'), 1, 5, 1);
    gitDir(join(at, '.git'), 0);
    for (let i = 0; i < 40; i++) put(join(at, '.git/objects', hex(i), `${'1'.repeat(38)}`));
  }
  // Tool homes outside the listed folders.
  tree(join(home, '.cargo/registry/src/index.crates.io'), 3000, 30_000, 3);
  put(join(home, '.cargo/bin/cargo'));
  tree(join(home, '.rustup/toolchains/stable-x86_64-unknown-linux-gnu'), 2000, 20_000, 4);
  tree(join(home, '.npm/_cacache/content-v2/sha512'), 4096, 20_000, 2);
  for (let i = 0; i < 500; i++) for (const name of ['login.gpg', 'notes.gpg']) put(join(home, '.password-store', `site${i}`, name));
  tree(join(home, '.config/Code'), 500, 5000, 3);
  tree(join(home, '.config/google-chrome/Default'), 200, 2000, 3);
  for (let i = 0; i < 5; i++) put(join(home, '.config/google-chrome/Default', `blob${i}.db`), 4 << 20);
  tree(join(home, '.cache'), 1000, 20_000, 3);
}

if (!existsSync(join(BASE, 'done'))) {
  rmSync(BASE, { recursive: true, force: true });
  mkdirSync(join(WS, 'src'), { recursive: true });
  writeFileSync(join(WS, 'src/a.ts'), '1\n');
  execFileSync('git', ['init', '-q', WS]);
  buildHome(TINY, false);
  buildHome(BIG, true);
  writeFileSync(join(BASE, 'done'), '');
  console.log(`built the homes: ${files} files`);
}

const state = (home) => join(BASE, `state-${home === BIG ? 'big' : 'tiny'}`);
const call = (home, path, DIST) => {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(DIST, 'bin/codeward.js'), '--json', '--yes', '-C', WS, 'write', '--path', path, '--content', '#!/bin/sh\nid\n'], {
    env: { ...process.env, HOME: home, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: state(home) },
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  const json = JSON.parse(result.stdout);
  return { ms, code: json.ok ? 'ok' : json.error?.code };
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const all = DISTS.map(() => ({ bigCold: [], bigWarm: [], tinyCold: [], tinyWarm: [] }));
for (let i = 0; i < ROUNDS; i++) {
  for (const [at, dist] of DISTS.entries()) {
    for (const [home, name] of [[BIG, 'big'], [TINY, 'tiny']]) {
      rmSync(state(home), { recursive: true, force: true });
      const cold = call(home, 'src/x.ts', dist);
      const warm = call(home, 'src/x.ts', dist);
      if (cold.code !== 'ok' || warm.code !== 'ok') throw new Error(`${name}: the ordinary write did not go through: ${cold.code} ${warm.code}`);
      all[at][`${name}Cold`].push(cold.ms);
      all[at][`${name}Warm`].push(warm.ms);
    }
  }
}
for (const [at, dist] of DISTS.entries()) {
  const samples = all[at];
  console.log(`dist ${dist}, ${ROUNDS} rounds (medians)`);
  for (const [home, name] of [[BIG, 'big'], [TINY, 'tiny']]) {
    const asked = call(home, 'tools/mytool', dist).code;
    console.log(`  ${name} home: writing tools/mytool (~/.local/bin/mytool links there): ${asked}${asked === 'C241' ? '' : ' (NOT ASKED: the scan missed the link)'}`);
  }
  const row = (name, big, tiny) => console.log(`  ${name.padEnd(28)} large home ${median(samples[big]).toFixed(0)} ms  tiny home ${median(samples[tiny]).toFixed(0)} ms  ratio ${(median(samples[big]) / median(samples[tiny])).toFixed(2)}x`);
  row('write, cold (no kept scan)', 'bigCold', 'tinyCold');
  row('write, warm (kept)', 'bigWarm', 'tinyWarm');
}
