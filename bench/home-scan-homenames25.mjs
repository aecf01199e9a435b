// The cost of the home scan for one `codeward write` (red team R22b-3/R22b-7, homenames25: the generic mention
// search over the home's dot-files and dot-folders, home-mentions.ts) in a realistic home against a tiny one:
// cold (no kept answer in the state folder) and warm (kept: the stamps checked). Runs the built CLI (dist/),
// or another build's with --dist DIR (the integ build before the change). Not in npm test; run by hand:
//   node bench/home-scan-homenames25.mjs [--dist /path/to/dist] [--rounds 5]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const DIST = arg('--dist', fileURLToPath(new URL('../dist', import.meta.url)));
const ROUNDS = Number(arg('--rounds', '5'));
const tmp = mkdtempSync(join(tmpdir(), 'cw-bench-hn25-'));

const put = (path, text) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};
const many = (dir, folders, files, text = (i, j) => `// ${i} ${j}\nlocal x = ${i * j}\n`) => {
  for (let i = 0; i < folders; i++) {
    const at = join(dir, `d${i}`);
    mkdirSync(at, { recursive: true });
    for (let j = 0; j < files; j++) writeFileSync(join(at, `f${j}.txt`), text(i, j));
  }
};

// The workspace: a small project.
const ws = join(tmp, 'ws');
put(join(ws, 'src/a.ts'), 'export const a = 1;\n');
put(join(ws, 'package.json'), '{"name":"x","scripts":{"test":"vitest"}}\n');
execFileSync('git', ['init', '-q', ws]);

const tiny = join(tmp, 'tiny');
put(join(tiny, '.bashrc'), 'alias ll="ls -l"\n');

// A realistic home (red team rt22b-common's shape).
const big = join(tmp, 'big');
const H = (rel) => join(big, rel);
put(H('.zshrc'), 'export ZSH="$HOME/.oh-my-zsh"\nplugins=(git docker)\nsource $ZSH/oh-my-zsh.sh\n');
put(H('.bashrc'), 'for f in ~/.bashrc.d/*.sh; do . "$f"; done\n');
for (let i = 0; i < 12; i++) put(H(`.bashrc.d/s${i}.sh`), `alias a${i}=ls\n`);
put(H('.gitconfig'), `[user]\n\tname = x\n[safe]\n\tdirectory = ${ws}\n`);
put(H('.bash_history'), `vim ${ws}/src/a.ts\n`.repeat(2000));
put(H('.viminfo'), `> ${ws}/src/a.ts\n`);
put(H('.oh-my-zsh/oh-my-zsh.sh'), 'for config_file ("$ZSH"/lib/*.zsh); do source "$config_file"; done\n');
for (let i = 0; i < 20; i++) put(H(`.oh-my-zsh/lib/l${i}.zsh`), `# lib ${i}\nalias z${i}=ls\n`);
many(H('.oh-my-zsh/plugins'), 350, 4, (i, j) => `# plugin ${i} file ${j}\nalias p${i}_${j}=ls\n`);
many(H('.oh-my-zsh/.git/objects'), 256, 1, () => Buffer.from([0x78, 0x01, 0, 0, 1, 2, 3]));
put(H('.config/nvim/init.lua'), 'require("lazy").setup("plugins")\n');
for (let i = 0; i < 20; i++) put(H(`.config/nvim/lua/plugins/p${i}.lua`), `return { "author/plugin${i}" }\n`);
for (let p = 0; p < 50; p++) many(H(`.local/share/nvim/lazy/plugin${p}`), 10, 20);
many(H('.cargo/registry/src/index.crates.io-6f17d22bba15001f'), 300, 100);
many(H('.rustup/toolchains/stable-x86_64-unknown-linux-gnu/lib'), 200, 100);
many(H('.npm/_cacache/content-v2/sha512'), 200, 100);
for (let i = 0; i < 500; i++) put(H(`.password-store/site${i}/login.gpg`), Buffer.from([0x85, 0x02, 0, 0, i & 255]));
put(H('.config/Code/User/settings.json'), '{\n  "editor.fontSize": 14\n}\n');
many(H('.config/Code/User/workspaceStorage'), 200, 3, () => `{"folder":"file://${ws}"}\n`);
many(H('.config/Code/User/globalStorage'), 30, 10, () => `{"path":"${ws}/src/a.ts"}\n`);
many(H('.config/Code/User/History'), 100, 10, () => `{"resource":"file://${ws}/src/a.ts"}\n`);
many(H('.config/Code/CachedData'), 50, 20);
many(H('.config/Code/Cache/Cache_Data'), 1, 2000);
many(H('.config/Code/logs'), 50, 10);
put(H('.local/share/recently-used.xbel'), `<bookmark href="file://${ws}/src/a.ts"/>\n`);
many(H('.config/google-chrome/Default/Extensions'), 80, 10, (i, j) => `function f${i}_${j}() { return ${j}; }\n`);
many(H('.config/google-chrome/Default/Cache/Cache_Data'), 1, 1000);
put(H('.config/google-chrome/Default/Preferences'), '{"browser":{"x":1}}\n');
for (let i = 0; i < 5; i++) put(H(`.config/google-chrome/Default/blob${i}.bin`), Buffer.alloc(4 * 1024 * 1024 + 1000, Buffer.from([i + 1, 0, 0x41, 0x7f])));
many(H('.cache/misc'), 200, 100);
for (let i = 0; i < 40; i++) put(H(`.config/app${i}/config.toml`), `[ui]\ntheme = "dark"\nfont = ${i}\n`);
put(H('.config/starship.toml'), '[character]\nsuccess_symbol = ">"\n');

// In process (less noise on a loaded machine): the mention scan alone, cold, and its kept stamps' check.
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const entry = join(tmp, 'entry.ts');
writeFileSync(entry, [
  `export { homeMentions } from ${JSON.stringify(join(SRC, 'permissions/home-mentions.ts'))};`,
  `export { homeSourced } from ${JSON.stringify(join(SRC, 'permissions/home-sources.ts'))};`,
  `export { stampsOf } from ${JSON.stringify(join(SRC, 'permissions/kept-across.ts'))};`,
].join('\n'));
const bundled = fileURLToPath(new URL('.fixtures/home-scan-hn25/lib.mjs', import.meta.url));
await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: bundled, packages: 'external', logLevel: 'silent', absWorkingDir: fileURLToPath(new URL('..', import.meta.url)) });
const lib = await import(pathToFileURL(bundled).href);
const inProcess = (home) => {
  const times = { mentions: [], stamps: [], sources: [] };
  let listed = [];
  for (let i = 0; i < ROUNDS; i++) {
    let start = performance.now();
    const found = lib.homeMentions(home, [ws]);
    times.mentions.push(performance.now() - start);
    listed = found.listed;
    start = performance.now();
    lib.stampsOf(found.listed);
    times.stamps.push(performance.now() - start);
    start = performance.now();
    lib.homeSourced(home, [ws]);
    times.sources.push(performance.now() - start);
    if (i === 0 && found.links.length > 0) console.log(`links in ${home}:`, found.links);
  }
  return { mentions: median(times.mentions), stamps: median(times.stamps), sources: median(times.sources), listed: listed.length };
};

const run = (home) => {
  const start = performance.now();
  try {
    execFileSync(process.execPath, [join(DIST, 'bin/codeward.js'), '--json', '--yes', '-C', ws, 'write', '--path', 'src/b.ts', '--content', `export const b = ${Math.random()};\n`], { env: { HOME: home, PATH: process.env.PATH, CODEWARD_NO_SERVE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`write src/b.ts refused in ${home}: ${String(error.stdout).slice(0, 600)}`, { cause: error });
  }
  return performance.now() - start;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const measure = (home) => {
  const cold = [], warm = [];
  for (let i = 0; i < ROUNDS; i++) {
    rmSync(join(home, '.cache/codeward'), { recursive: true, force: true });
    cold.push(run(home));
    // Past the racy window of the files just written (kept answers need every file older than 2 s).
    execFileSync('sleep', ['2.2']);
    run(home);
    warm.push(run(home));
  }
  return { cold: median(cold), warm: median(warm) };
};
for (const [name, home] of [['tiny', tiny], ['realistic', big]]) {
  const got = inProcess(home);
  console.log(`${name} home in process: mention scan cold ${got.mentions.toFixed(1)} ms over ${got.listed} files and folders, its kept stamps ${got.stamps.toFixed(1)} ms; start-up files (homeSourced) ${got.sources.toFixed(1)} ms`);
}
if (process.argv.includes("--in-process")) { if (process.argv.includes("--keep")) console.log("kept", tmp, ws, big); else rmSync(tmp, { recursive: true, force: true }); process.exit(0); }
// Files older than the racy window before the first call.
execFileSync('sleep', ['2.2']);
const small = measure(tiny);
const large = measure(big);
const fmt = (ms) => `${ms.toFixed(0)} ms`;
console.log(`dist: ${DIST}`);
console.log(`tiny home:      cold ${fmt(small.cold)}  warm ${fmt(small.warm)}`);
console.log(`realistic home: cold ${fmt(large.cold)}  warm ${fmt(large.warm)}`);
console.log(`ratio realistic/tiny: cold ${(large.cold / small.cold).toFixed(2)}x  warm ${(large.warm / small.warm).toFixed(2)}x`);
// Whether the realistic home's write went through (no bound met: the write of an ordinary source file is free).
const out = execFileSync(process.execPath, [join(DIST, 'bin/codeward.js'), '--json', '--yes', '-C', ws, 'write', '--path', 'src/c.ts', '--content', 'x\n'], { env: { HOME: big, PATH: process.env.PATH, CODEWARD_NO_SERVE: '1' } }).toString();
console.log(`realistic home, write src/c.ts: ${JSON.parse(out).ok ? 'ok (free)' : out.slice(0, 300)}`);
if (process.argv.includes("--keep")) console.log("kept", tmp, ws, big); else rmSync(tmp, { recursive: true, force: true });
