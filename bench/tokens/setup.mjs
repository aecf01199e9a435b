// The package setup of the token benchmark: `npm pack NAME@VERSION` (the published package with its
// test/ folder) and the test dependencies installed apart (`npm install --ignore-scripts`: the packages'
// own devDependencies include git URLs), their node_modules COPIED into the package (the OS sandbox hides
// links out of the workspace). Cached in bench/.fixtures/tokens/NAME@VERSION; each run works on a fresh
// copy in the temp folder, outside any git repository, with the fixture's one-line bug planted.
// A Python package (`"python": true`) is copied from this Python's installed copy of NAME (its version must be
// VERSION: `pip install NAME==VERSION`; PyPI is not reachable here) into the workspace folder NAME/, its tests
// with it. `remove` drops paths of the package (a test needing another checkout), `files` adds files (a
// vitest config naming the package's source condition).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, ensureDir } from '../lib.mjs';

function npm(args, cwd) {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} (in ${cwd}) exited ${result.status}: ${result.stderr.trim().slice(-600)}`);
  return result.stdout;
}

function installedPython(name, version) {
  const script = `import importlib.metadata as m, os, ${name}; print(m.version('${name}')); print(os.path.dirname(${name}.__file__))`;
  const result = spawnSync('python3', ['-c', script], { encoding: 'utf8' });
  const [found, path] = result.stdout.trim().split('\n');
  if (result.status !== 0 || found !== version) throw new Error(`python3 has ${name} ${found ?? 'not installed'}; the fixture needs ${version}: pip install ${name}==${version}`);
  return path;
}

function finish(dir, { remove = [], files = {} }) {
  for (const path of remove) rmSync(join(dir, path), { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
}

// The cached, passing package: made once (network needed), reused afterwards.
export function preparePackage(pkg) {
  const { name, version, deps = [] } = pkg;
  const cache = ensureDir(join(FIXTURES, 'tokens'));
  const dir = join(cache, `${name}@${version}`);
  if (existsSync(join(dir, pkg.python ? name : 'node_modules'))) return dir;
  const work = mkdtempSync(join(cache, `${name}-`));
  try {
    if (pkg.python) {
      cpSync(installedPython(name, version), join(work, 'package', name), { recursive: true, filter: (path) => !path.endsWith('__pycache__') });
      finish(join(work, 'package'), pkg);
      rmSync(dir, { recursive: true, force: true });
      renameSync(join(work, 'package'), dir);
      return dir;
    }
    npm(['pack', `${name}@${version}`, '--silent'], work);
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    const tar = spawnSync('tar', ['xzf', tarball], { cwd: work });
    if (tar.status !== 0) throw new Error(`tar xzf ${tarball} failed`);
    const deps_ = ensureDir(join(work, 'deps'));
    writeFileSync(join(deps_, 'package.json'), '{ "private": true }\n');
    npm(['install', '--ignore-scripts', '--no-audit', '--no-fund', ...deps], deps_);
    cpSync(join(deps_, 'node_modules'), join(work, 'package', 'node_modules'), { recursive: true, verbatimSymlinks: true });
    finish(join(work, 'package'), pkg);
    rmSync(dir, { recursive: true, force: true });
    renameSync(join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

// A fresh copy of the package with the fixture's bug planted; the caller removes `root`.
export function plantedCopy(fixture) {
  const root = mkdtempSync(join(tmpdir(), 'codeward-tokens-'));
  const dir = join(root, fixture.package.name);
  cpSync(preparePackage(fixture.package), dir, { recursive: true, verbatimSymlinks: true });
  for (const { file, search, replace } of fixture.plant) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    if (text.split(search).length !== 2) throw new Error(`${fixture.name}: the planted bug's search text is not once in ${file}`);
    writeFileSync(path, text.replace(search, () => replace));
  }
  return { root, dir };
}
