// R44-a1 — MAJOR (escape: code a run writes is loaded in-process by the next codeward the person starts, unsandboxed).
// Class: fix71's own-code.ts ("codeward's own code is a program that later runs") lists codeward's package folder and
// the packages its manifests' dependencies/optionalDependencies RESOLVE TO TODAY. Node loads more than that: a package's
// optional peer dependency (ws -> bufferutil / utf-8-validate, peerDependenciesMeta optional, `try { require() }` at
// module load), and any name node's lookup would find in a node_modules folder that does not exist yet. Such a package
// is absent at gate time, so nothing protects the place where it WOULD resolve (ws/node_modules/bufferutil in npm's
// flat layout, the usual `npm i -D codeward`). A staged run creates it ("created node_modules/bufferutil/…", applied
// by the stage unasked); the next `codeward worker` imports iii-sdk -> ws -> bufferutil and runs it
// as the person, before any sandbox.
// Repro (integ b1bb7db3, root, bwrap): ws/node_modules/{codeward,iii-sdk,ws} real folders (npm's flat layout), the
// rest linked; w.py writes node_modules/bufferutil/{package.json,index.js} (index.js writes $B/PWNED)
//   $ node node_modules/codeward/dist/bin/codeward.js --yes exec --cmd 'python3 w.py'  -> "created node_modules/bufferutil/…"
//   $ node node_modules/codeward/dist/bin/codeward.js worker                          -> $B/PWNED = "escaped"
// The same holds for utf-8-validate and @modelcontextprotocol/sdk's @cfworker/json-schema peer, and for every name a
// package in the closure resolves through a node_modules folder on its way up that holds no such package today.
// Suggested fix (src/permissions/own-code.ts): walk peerDependencies (optional or not) as well, and protect the
// node_modules/NAME path where each resolution WOULD land (the first node_modules folder node tries), present or not:
// simplest, take every node_modules folder on the lookup path of a closure package inside an area (the folder itself,
// not only its present members) as own code, or bind them read-only in the view.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO_ROOT } from '../helpers/fixture.js';
import { bareBase, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const REAL = ['codeward', 'iii-sdk', 'ws'];
const usable = bwrapWorks && existsSync(CLI) && existsSync(join(REPO_ROOT, 'node_modules', 'ws', 'lib', 'buffer-util.js'));
let base: string | undefined;
const outs: Record<string, string> = {};
const marker = (): string => join(base!, 'PWNED');

// The worker imports iii-sdk (and so ws and bufferutil) before it tries the engine; stopped once it says it cannot
// reach it (or has exited).
function worker(cli: string, ws: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, 'worker', '--url', 'ws://127.0.0.1:9'], { cwd: ws, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const stop = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const seen = (chunk: Buffer): void => {
      text += chunk.toString();
      if (/cannot reach|error/.test(text)) child.kill('SIGTERM');
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('close', () => {
      clearTimeout(stop);
      done(text);
    });
  });
}

beforeAll(async () => {
  base = await bareBase('cw-rt44a-own-peer-');
  const ws = join(base, 'ws');
  const modules = join(ws, 'node_modules');
  const own = join(modules, 'codeward');
  mkdirSync(own, { recursive: true });
  if (!usable) return;
  cpSync(join(REPO_ROOT, 'dist'), join(own, 'dist'), { recursive: true });
  cpSync(join(REPO_ROOT, 'package.json'), join(own, 'package.json'));
  for (const name of ['iii-sdk', 'ws']) cpSync(join(REPO_ROOT, 'node_modules', name), join(modules, name), { recursive: true });
  for (const name of readdirSync(join(REPO_ROOT, 'node_modules'))) if (!REAL.includes(name) && name !== 'bufferutil') symlinkSync(join(REPO_ROOT, 'node_modules', name), join(modules, name));
  writeFileSync(join(ws, 'config.yaml'), '{}\n');
  writeFileSync(join(ws, 'w.py'), [
    'import os',
    "d = 'node_modules/buffer' + 'util'",
    'os.makedirs(d)',
    "open(d + '/package.json', 'w').write('{\"name\":\"bufferutil\",\"version\":\"4.0.9\",\"main\":\"index.js\"}')",
    `open(d + '/index.js', 'w').write("require('fs').writeFileSync('${marker()}', 'escaped'); module.exports = {};")`,
    "print('planted')",
    '',
  ].join('\n'));
  const cli = join(own, 'dist', 'bin', 'codeward.js');
  const env = { HOME: join(base, 'h'), PATH: '/usr/bin:/bin', CODEWARD_STATE_DIR: join(base, 's') };
  const result = spawnSync(process.execPath, [cli, '--yes', 'exec', '--cmd', 'python3 w.py'], { cwd: ws, env, encoding: 'utf8', timeout: 60_000 });
  outs['plant'] = `${result.stdout}${result.stderr}`;
  outs['worker'] = await worker(cli, ws, env);
}, 150_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)("R44-a1 MAJOR: a run plants an optional peer of codeward's dependency tree", () => {
  it('control: the plant script ran and the worker started', () => {
    expect(outs['plant']).toContain('[exit 0]');
    expect(outs['worker']).toMatch(/coder worker/);
  });
  it('the new package where node would resolve ws -> bufferutil is asked for, not applied unasked', () => {
    expect(outs['plant']).not.toMatch(/created node_modules\/bufferutil\//);
  });
  it('the next codeward does not load what the run wrote', () => {
    expect(existsSync(marker())).toBe(false);
  });
});
