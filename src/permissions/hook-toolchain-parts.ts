// What a modelled toolchain (hook-toolchains.ts) runs besides its row's file kinds, read from the build files of
// the work tree (issue 26, F6): code the compiler or the build runs, which is not the project's source the
// README's limit leaves free. Cargo: a proc-macro crate and a path build-dependency (their code runs in the
// compiler / the build script), a build script named by `build = "…"` and the modules beside it, and the files
// a crate root, a build script or a test includes (`#![doc = include_str!("../README.md")]` makes the README a
// doctest: red team R13-15). MSBuild: an analyzer or source-generator project reference, an analyzer or task
// assembly. Swift: macro targets and the executable targets a plug-in runs. Gradle: included builds. Every
// build file: the scripts, XML and JAR files it names (`<exec executable="gen.sh">`, antrun's build.xml).
import { dirname, join, resolve } from 'node:path';
import picomatch from 'picomatch';
import { findInTree } from './hook-listing.js';
import type { Read } from './hook-tasks.js';

const WALK = { depth: 8, entries: 20_000, files: 256 };
const SKIP = new Set(['node_modules', '.git', '__pycache__', 'target', 'bin', 'obj', '.build', 'build', '.gradle', 'dist']);
const BUILD_FILES = picomatch('**/@(Cargo.toml|pom.xml|*.csproj|*.fsproj|*.vbproj|*.props|*.targets|Package.swift|settings.gradle|settings.gradle.kts|*.gradle|*.gradle.kts)', { dot: true, nocase: true });
// A relative path a build file names, to a script, a build file or code the build loads.
const NAMED = /(?:^|[>"'=\s(])((?:\.{1,2}\/)?[\w@.$-]+(?:\/[\w@.-]+)*\.(?:sh|bash|py|js|mjs|cjs|ts|groovy|xml|bat|cmd|ps1|rb|pl|jar|dll|kts|gradle|props|targets))(?=[<"'\s),]|$)/g;
const INCLUDED = /\b(?:include_str|include_bytes|include)!\s*\(\s*(?:concat!\s*\(\s*env!\s*\(\s*"CARGO_MANIFEST_DIR"\s*\)\s*,\s*)?"([^"]+)"|#!?\[\s*path\s*=\s*"([^"]+)"/g;

export interface ToolchainParts {
  // Absolute files and globs obeyed; the folders listed and files read (the cache's sources).
  readonly files: string[];
  readonly globs: string[];
  readonly looked: string[];
}

const tree = (folder: string): string => join(folder, '**');

// The `[build-dependencies]` tables' path dependencies of a Cargo.toml text.
function buildDependencyPaths(text: string): string[] {
  const paths: string[] = [];
  let inside = false;
  for (const line of text.split('\n')) {
    const header = /^\s*\[+\s*([^\]]+?)\s*\]+/.exec(line);
    if (header) inside = /(?:^|\.)build-dependencies(?:\.|$)/.test(header[1]!);
    if (inside) for (const found of line.matchAll(/\bpath\s*=\s*"([^"]+)"/g)) paths.push(found[1]!);
  }
  return paths;
}

// What one crate runs at build time besides its sources.
function cargoParts(path: string, text: string, read: Read, parts: ToolchainParts): void {
  const crate = dirname(path);
  if (/\bproc-macro\s*=\s*true\b|\bproc_macro\s*=\s*true\b/.test(text)) parts.globs.push(tree(crate));
  for (const dep of buildDependencyPaths(text)) parts.globs.push(tree(resolve(crate, dep)));
  const build = /^\s*build\s*=\s*"([^"]+)"/m.exec(text)?.[1];
  // The build script's own modules (`mod helper;` beside it).
  parts.globs.push(join(crate, '*.rs'));
  if (build !== undefined) {
    parts.files.push(resolve(crate, build));
    parts.globs.push(join(dirname(resolve(crate, build)), '*.rs'));
  }
  const roots = ['src/lib.rs', 'src/main.rs', 'build.rs', ...[...text.matchAll(/^\s*path\s*=\s*"([^"]+\.rs)"/gm)].map((found) => found[1]!)];
  for (const root of roots.map((name) => resolve(crate, name))) {
    for (const found of (read(root) ?? '').matchAll(INCLUDED)) {
      const name = found[1] ?? found[2]!;
      parts.files.push(name.startsWith('/') && found[1] !== undefined && found[0].includes('CARGO_MANIFEST_DIR') ? join(crate, name) : resolve(dirname(root), name));
    }
  }
}

// MSBuild: analyzer and source-generator projects (compiled code the compiler runs).
function msbuildParts(path: string, text: string, parts: ToolchainParts): void {
  for (const found of text.matchAll(/<ProjectReference\b([^>]*?)(?:\/>|>([\s\S]*?)<\/ProjectReference>)/g)) {
    const include = /Include\s*=\s*"([^"]+)"/.exec(found[1]!)?.[1];
    if (include !== undefined && /Analyzer/i.test(`${found[1]!}${found[2] ?? ''}`)) parts.globs.push(tree(dirname(resolve(dirname(path), include.split('\\').join('/')))));
  }
}

// Swift: a macro target's sources run in the compiler; a package with plug-ins runs its executable targets.
function swiftParts(path: string, text: string, parts: ToolchainParts): void {
  const targets = (kind: string): string[] => [...text.matchAll(new RegExp(`\\.${kind}\\(\\s*name:\\s*"([^"]+)"`, 'g'))].map((found) => found[1]!);
  const run = [...targets('macro'), ...(/\.plugin\(/.test(text) ? targets('executableTarget') : [])];
  for (const name of run) parts.globs.push(tree(join(dirname(path), 'Sources', name)));
  if (run.length > 0 && /\bpath:\s*"/.test(text)) parts.globs.push(tree(dirname(path)));
}

// What the build files of the work tree make the toolchains `names` run besides their row's kinds.
export function toolchainParts(top: string, names: ReadonlySet<string>, read: Read): ToolchainParts {
  const parts: ToolchainParts = { files: [], globs: [], looked: [] };
  if (names.size === 0 || [...names].every((name) => name === 'go' || name === 'cc')) return parts;
  const { found, looked } = findInTree(top, BUILD_FILES, (name) => !SKIP.has(name) && !name.startsWith('.'), WALK);
  parts.looked.push(...looked);
  for (const path of found) {
    const text = read(path);
    if (text === undefined) continue;
    for (const found of text.matchAll(NAMED)) if (!found[1]!.includes('$')) parts.files.push(resolve(dirname(path), found[1]!));
    if (path.endsWith('Cargo.toml')) cargoParts(path, text, read, parts);
    else if (/proj$|\.props$|\.targets$/i.test(path)) msbuildParts(path, text, parts);
    else if (path.endsWith('.swift')) swiftParts(path, text, parts);
    else if (/settings\.gradle/.test(path)) for (const found of text.matchAll(/includeBuild\s*\(?\s*["']([^"']+)["']/g)) parts.globs.push(tree(resolve(dirname(path), found[1]!)));
  }
  return parts;
}
