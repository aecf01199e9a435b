// The cost of R22b-4/5 (homeenv25): the write gate's context (obeyedContext, cold: a new FolderListings, and warm:
// the policy's kept one) with codeward's environment as a shell gives it (~60 variables, none in the workspace)
// and with 14 tool-home variables in the workspace plus ZDOTDIR / XDG_CONFIG_HOME moved to home folders holding
// start-up files. A/B in one process, alternating, against the sources of another tree (OLD_SRC, e.g. an
// `git archive integ src` unpacked; default: none, only the new sources are timed).
// Run: OLD_SRC=/tmp/old/src node bench/env-homes-homeenv25.mjs
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROUNDS = 200;
const tmp = mkdtempSync(join(tmpdir(), 'cw-bench-envhomes-'));
async function bundle(src, name) {
  const entry = join(tmp, `${name}.ts`);
  writeFileSync(entry, [
    `export { obeyedContext } from ${JSON.stringify(join(src, 'permissions/obeyed-context.ts'))};`,
    `export { FolderListings } from ${JSON.stringify(join(src, 'workspace/listings.ts'))};`,
  ].join('\n'));
  const out = fileURLToPath(new URL(`.fixtures/env-homes/${name}.mjs`, import.meta.url));
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, packages: 'external', logLevel: 'silent', absWorkingDir: fileURLToPath(new URL('..', import.meta.url)) });
  return import(pathToFileURL(out).href);
}
const libs = { new: await bundle(fileURLToPath(new URL('../src/', import.meta.url)), 'new') };
if (process.env.OLD_SRC) libs.old = await bundle(process.env.OLD_SRC, 'old');

const home = join(tmp, 'home'), root = join(tmp, 'ws');
for (let i = 0; i < 200; i++) mkdirSync(join(root, 'src', `m${i}`), { recursive: true });
writeFileSync(join(root, 'src/a.ts'), '1\n');
execFileSync('git', ['init', '-q', root]);
mkdirSync(join(home, 'zd'), { recursive: true });
mkdirSync(join(home, 'xdg/fish/conf.d'), { recursive: true });
writeFileSync(join(home, '.bashrc'), 'export A=1\n');
writeFileSync(join(home, 'zd/.zshrc'), 'source ~/.aliases\n');
for (let i = 0; i < 10; i++) writeFileSync(join(home, `xdg/fish/conf.d/f${i}.fish`), 'set -x X 1\n');
const plain = { ...process.env, HOME: home };
const tools = { ...plain, ZDOTDIR: join(home, 'zd'), XDG_CONFIG_HOME: join(home, 'xdg'),
  ...Object.fromEntries(['CARGO_HOME', 'RUSTUP_HOME', 'GRADLE_USER_HOME', 'IPYTHONDIR', 'JUPYTER_CONFIG_DIR', 'NPM_CONFIG_PREFIX', 'RIPGREP_CONFIG_PATH', 'PSQLRC', 'IRBRC', 'SCREENRC', 'WGETRC', 'GOPATH', 'GEM_HOME', 'SOME_TOOL_HOME'].map((name) => [name, join(root, name.toLowerCase())])) };

const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = {};
const kept = Object.fromEntries(Object.keys(libs).map((name) => [name, new libs[name].FolderListings()]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [envName, env] of [['plain', plain], ['tools', tools]]) {
    process.env = env;
    for (const [name, lib] of Object.entries(libs)) {
      for (const warm of [false, true]) {
        const listings = warm ? kept[`${name}-${envName}`] ??= new lib.FolderListings() : new lib.FolderListings();
        const t = performance.now();
        lib.obeyedContext(root, home, listings);
        (times[`${name} ${envName} ${warm ? 'warm' : 'cold'}`] ??= []).push(performance.now() - t);
      }
    }
  }
}
for (const [row, xs] of Object.entries(times)) console.log(`${row.padEnd(20)} median ${median(xs).toFixed(3)} ms`);
rmSync(tmp, { recursive: true, force: true });
