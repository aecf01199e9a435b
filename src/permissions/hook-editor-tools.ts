// What the other obeyed tool files name (red team R21-7, MEDIUM: a person starts them): tflint's `.tflint.hcl`
// (`config { plugin_dir = ".." }`: the plug-in binaries tflint runs are there; the default `.tflint.d` is obeyed
// already) and Visual Studio / Rider's `Properties/launchSettings.json` (a profile's `executablePath`,
// `commandLineArgs`, `workingDirectory`, `environmentVariables`). MSBuild's `$(ProjectDir)` is the project's folder;
// any other property or `%VAR%` is only known when it runs: fail closed, naming why.
import { join, relative, resolve } from 'node:path';
import { object, type EditorNamed } from './hook-editor-named.js';

// `.tflint.hcl` in folder `dir` (text): the plug-in folder it names, everything below it obeyed.
export function tflintNamed(text: string, dir: string, top: string, out: EditorNamed): void {
  for (const found of text.matchAll(/^\s*plugin_dir\s*=\s*(.*?)\s*$/gm)) {
    const value = /^"([^"$\\]*)"$/.exec(found[1]!.replace(/\s*(?:#|\/\/).*$/, ''))?.[1];
    if (value === undefined || value.startsWith('~')) {
      if (value === undefined) out.unknown ??= `${relative(top, join(dir, '.tflint.hcl'))} \`plugin_dir = ${found[1]!}\` (a plug-in folder only known when tflint runs)`;
      continue;
    }
    out.named.push(`${resolve(dir, value)}/**`);
  }
}

// MSBuild's spellings of the project folder, resolved; another property or variable is unknown.
function project(value: string, folder: string, out: EditorNamed, where: string): string | undefined {
  const text = value.replace(/\$\((?:ProjectDir|MSBuildProjectDirectory|MSBuildThisFileDirectory)\)[\\/]?/g, `${folder}/`).replace(/\\/g, '/');
  if (!/\$\(|%\w+%/.test(text)) return text;
  out.unknown ??= `${where} \`${value}\` (a property only known when it runs)`;
  return undefined;
}

// `Properties/launchSettings.json` (parsed) of the project in `folder`: each profile's program, arguments, folder, env.
export function launchSettingsNamed(data: unknown, folder: string, where: string, out: EditorNamed): void {
  for (const profile of Object.values(object(object(data)['profiles'])).map(object)) {
    const cwd = typeof profile['workingDirectory'] === 'string' ? project(profile['workingDirectory'], folder, out, where) : undefined;
    const at = cwd === undefined ? folder : resolve(folder, cwd);
    for (const [name, value] of Object.entries(object(profile['environmentVariables']))) {
      const text = typeof value === 'string' ? project(value, folder, out, where) : undefined;
      if (text !== undefined) out.assignments.push({ word: `${name}=${text}`, folder: at });
    }
    const executable = typeof profile['executablePath'] === 'string' ? project(profile['executablePath'], folder, out, where) : undefined;
    const args = typeof profile['commandLineArgs'] === 'string' ? project(profile['commandLineArgs'], folder, out, where) : '';
    if (executable === undefined) continue;
    out.named.push(resolve(folder, executable));
    out.runs.push({ line: `'${executable.replace(/'/g, "'\\''")}' ${args ?? ''}`, folder: at });
  }
}
