// Red team round 18, R18-21 (issue 26): a shipped `.cargo/config.toml` or rust-toolchain file names programs the
// person's next plain `cargo build` runs (`[build] rustc-wrapper = "tools/w"`, `[toolchain] path = "<ws>/tc"`), but
// what they named was obeyed only inside the cargo hook row: with no hook, writing tools/w was free. Now the
// files are read at every depth and above the workspace, like mise's (src/permissions/cargo-config-obeyed.ts), and
// what they name asks; a construct the reader does not understand obeys the whole work tree. Through the real
// binary under --yes, as the red team ran it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cargoLoads } from '../../src/permissions/cargo-config-obeyed.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-cargo-obeyed-');
});
afterAll(async () => removeDir(base));

const written = (files: Record<string, string>, file: string, sub?: string): Promise<string> => cliWritten(base, files, file, sub);

describe('R18-21: what cargo configuration names is obeyed without a hook', () => {
  it.each([
    ['[build] rustc-wrapper (the red team row)', { '.cargo/config.toml': '[build]\nrustc-wrapper = "tools/w"\n' }, 'tools/w'],
    ['[build] rustc', { '.cargo/config.toml': '[build]\nrustc = "tools/rustc"\n' }, 'tools/rustc'],
    ['[build] rustc-workspace-wrapper', { '.cargo/config.toml': '[build]\nrustc-workspace-wrapper = "tools/ww"\n' }, 'tools/ww'],
    ['[build] rustdoc', { '.cargo/config.toml': '[build]\nrustdoc = "./tools/doc"\n' }, 'tools/doc'],
    ['the legacy .cargo/config', { '.cargo/config': '[build]\nrustc-wrapper = "tools/w"\n' }, 'tools/w'],
    ['a nested yy/.cargo/config.toml runner (relative to yy)', { 'yy/.cargo/config.toml': '[target.x86_64-unknown-linux-gnu]\nrunner = "tools/r"\n' }, 'yy/tools/r'],
    ['a [target.*] linker', { '.cargo/config.toml': '[target.\'cfg(unix)\']\nlinker = "tools/ld"\n' }, 'tools/ld'],
    ['an [env] value naming a program', { '.cargo/config.toml': '[env]\nCC = "tools/cc"\n' }, 'tools/cc'],
    ['an [env] relative value', { '.cargo/config.toml': '[env]\nLIB = { value = "tools/lib.so", relative = true }\n' }, 'tools/lib.so'],
    ['an [alias] naming a manifest', { '.cargo/config.toml': '[alias]\nxt = "run --manifest-path tools/xt/Cargo.toml"\n' }, 'tools/xt/Cargo.toml'],
    ['rustflags linker search (-C link-arg=-Btools)', { '.cargo/config.toml': '[build]\nrustflags = ["-C", "link-arg=-Btools"]\n' }, 'tools/ld'],
    ['rust-toolchain.toml [toolchain] path (relative)', { 'rust-toolchain.toml': '[toolchain]\npath = "tc"\n' }, 'tc/bin/cargo'],
    ['the legacy rust-toolchain file with a path', { 'rust-toolchain': '[toolchain]\npath = "tc"\n' }, 'tc/bin/rustc'],
    ['a nested pkg/rust-toolchain.toml', { 'pkg/rust-toolchain.toml': '[toolchain]\npath = "tc"\n' }, 'pkg/tc/bin/cargo'],
  ])('%s: what it names asks', async (_name, files, file) => {
    expect(await written(files, file)).toBe('C241');
  });

  it('the files themselves ask, at any depth', async () => {
    for (const file of ['.cargo/config.toml', 'pkg/.cargo/config.toml', 'pkg/.cargo/config', 'rust-toolchain.toml', 'pkg/rust-toolchain', 'pkg/rust-toolchain.toml']) expect(await written({}, file), file).toBe('C241');
  });

  it('a subfolder workspace: the enclosing folder\'s .cargo/config.toml is read (cargo merges every folder above)', async () => {
    expect(await written({ '.cargo/config.toml': '[build]\nrustc-wrapper = "sub/tools/w"\n' }, 'tools/w', 'sub')).toBe('C241');
  });

  it('a construct not understood obeys the whole work tree', async () => {
    expect(await written({ '.cargo/config.toml': '[build\nrustc-wrapper = "tools/w"\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ 'pkg/.cargo/config.toml': '[credential-provider]\nx = 1\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ '.cargo/config.toml': '[unstable]\nconfig-include = true\n' }, 'src/a.ts')).toBe('C241');
    expect(await written({ '.cargo/config.toml': '[build]\nrustflags = ["-Zmystery-flag=tools/x"]\n' }, 'src/a.ts')).toBe('C241');
  });

  // Red team round 19 F6: Bevy's documented fast-compile set-ups made every write ask.
  it('Bevy\'s fast-compile and cranelift configurations keep ordinary writes free; a backend named by path asks', async () => {
    const bevy = '[target.x86_64-unknown-linux-gnu]\nlinker = "clang"\nrustflags = ["-C", "link-arg=-fuse-ld=/usr/bin/mold", "-Zshare-generics=y", "-Zthreads=0"]\n[unstable]\ncodegen-backend = true\n[profile.dev]\ncodegen-backend = "cranelift"\n';
    expect(await written({ '.cargo/config.toml': bevy }, 'src/a.ts')).toBe('ok');
    expect(await written({ '.cargo/config.toml': '[build]\nrustflags = ["-Z", "codegen-backend=tools/backend.so"]\n' }, 'tools/backend.so')).toBe('C241');
  });

  it('ordinary files keep ordinary writes free', async () => {
    const files = { '.cargo/config.toml': '[build]\nrustc-wrapper = "sccache"\ntarget-dir = "target"\n[alias]\nb = "build"\n[env]\nRUST_LOG = "info"\n', 'rust-toolchain.toml': '[toolchain]\nchannel = "1.80.0"\ncomponents = ["clippy"]\n', 'rust-toolchain': 'stable\n', 'pkg/.cargo/config.toml': '[net]\noffline = true\n[unstable]\nbuild-std = ["std"]\n' };
    expect(await written(files, 'src/a.ts')).toBe('ok');
    expect(await written(files, 'pkg/src/b.ts')).toBe('ok');
    expect(await written(files, 'tools/w')).toBe('ok');
  });

  it('a workspace in the home folder: the person\'s ~/.cargo/config.toml is read (its ordinary settings ask nothing)', async () => {
    const home = join(base, 'home-global'), proj = join(home, 'proj');
    await writeFiles(proj, { 'src/a.ts': '1\n' });
    const write = async (config: string, file: string): Promise<string> => {
      await writeFiles(home, { '.cargo/config.toml': config });
      const result = runCli(['--json', '-C', proj, 'write', '--path', file, '--content', 'x\n'], { env: { HOME: home } });
      return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
    };
    const ordinary = '[build]\nrustc-wrapper = "sccache"\njobs = 4\n[target.x86_64-unknown-linux-gnu]\nlinker = "clang"\nrustflags = ["-C", "link-arg=-fuse-ld=mold"]\n[net]\ngit-fetch-with-cli = true\n[unstable]\nbuild-std = ["std"]\n';
    expect(await write(ordinary, 'src/a.ts')).toBe('ok');
    expect(await write(`${ordinary}[alias]\nw = "run --manifest-path proj/tools/w/Cargo.toml"\n`, 'tools/w/Cargo.toml')).toBe('C241');
  });

  it('the reader: an absolute toolchain path is obeyed as a folder; a parse error names the file', () => {
    expect(cargoLoads('[toolchain]\npath = "/w/tc"\n', new Map(), '/w/rust-toolchain.toml')).toEqual([{ path: '/w/tc', folder: true }]);
    expect(cargoLoads('/w/tc\n', new Map(), '/w/rust-toolchain')).toEqual([{ path: '/w/tc', folder: true }]);
    expect(cargoLoads('[build\n', new Map(), '/w/.cargo/config.toml')[0]?.why).toMatch(/\.cargo\/config\.toml: it does not parse/);
    expect(cargoLoads('[build]\nrunner = "tools/r"\n', new Map(), join('/w/yy', '.cargo/config.toml'))).toContainEqual({ path: '/w/yy/tools/r' });
  });
});
