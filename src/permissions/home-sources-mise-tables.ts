import { isAbsolute, join } from 'node:path';
import type { Loaded } from './home-sources-expand.js';

// mise.toml's tables other than `[env]` (red team R15-23), an ALLOW-LIST read by home-sources-mise.ts: what each
// makes the person's shell obey on `cd`, or why (a string naming the key) a key or a value form is not understood
// (the whole work tree is then obeyed). `[hooks]` (enter, cd, leave, …) run shell commands on `cd` that this walk does not
// follow program by program: any hook is not understood. `[tasks]` only run by `mise run` (hook-unmodeled.ts),
// but their form is checked. `[plugins]`, `[alias]` and any other table name code or folders: not understood.

export type Table = Record<string, unknown>;
export const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value);

// A tool's name: a registry short name or `backend:name` (`npm:prettier`, `ubi:owner/repo`); not a path or a URL.
const TOOL_NAME = /^[\w@-]+(?::[\w@+-][\w@.+-]*(?:\/[\w@+-][\w@.+-]*)*)?$/;
// A version: `20`, `3.12.1`, `latest`, `lts`, `system`, `prefix:1.2`, `sub-1:latest`. `path:DIR` is a folder whose
// bin mise puts on PATH (below). `ref:X` (the tool built from source on `cd` with auto-install: its build runs what
// the ref holds) and any other form are not understood (red team R17-7).
const VERSION = /^(?:[\w.+~^*<>=!-]+|prefix:[\w.+/-]+|sub-[\w.]+:[\w.+-]+)$/;
const TOOL_OPTIONS = new Set(['version', 'os']);
const TASK_KEYS = new Set(['run', 'run_windows', 'description', 'alias', 'depends', 'depends_post', 'wait_for', 'env', 'dir', 'sources', 'outputs', 'hide', 'raw', 'quiet', 'silent', 'shell', 'usage', 'tools', 'confirm']);
// Settings that name no file or command (the person's global config, read above a workspace in their home, holds them).
const SETTINGS = new Set(['experimental', 'quiet', 'verbose', 'jobs', 'color', 'yes', 'legacy_version_file', 'idiomatic_version_file', 'not_found_auto_install', 'lockfile', 'paranoid',
  'auto_install', 'always_keep_download', 'always_keep_install', 'disable_tools', 'idiomatic_version_file_enable_tools', 'disable_hints', 'http_timeout', 'fetch_remote_versions_timeout', 'use_versions_host', 'activate_aggressive', 'asdf_compat']);

// One `[tools]` version (a string, or `{ version = …, os = […] }`): the folders it puts on PATH.
function versionLoads(value: unknown, root: string): Loaded[] | undefined {
  if (isTable(value)) return Object.keys(value).every((key) => TOOL_OPTIONS.has(key)) ? versionLoads(value['version'], root) : undefined;
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('path:')) {
    const folder = value.slice('path:'.length);
    return [{ path: isAbsolute(folder) ? folder : join(root, folder), folder: true }];
  }
  return VERSION.test(value) ? [] : undefined;
}

function toolLoads(value: unknown, root: string): Loaded[] | string {
  if (!isTable(value)) return '`tools` (not a table)';
  const out: Loaded[] = [];
  for (const [name, versions] of Object.entries(value)) {
    if (!TOOL_NAME.test(name)) return `\`[tools] ${name}\` (a tool name that is a path or URL)`;
    for (const each of [versions].flat()) {
      const found = versionLoads(each, root);
      if (found === undefined) return `\`[tools] ${name}\` (a version form codeward does not model)`;
      out.push(...found);
    }
  }
  return out;
}

const taskUnderstood = (task: unknown): boolean => typeof task === 'string' || (Array.isArray(task) && task.every((each) => typeof each === 'string')) || (isTable(task) && Object.keys(task).every((key) => TASK_KEYS.has(key)));

// Whether each entry of table `value` is understood.
const every = (value: unknown, understood: (name: string, item: unknown) => boolean): boolean => isTable(value) && Object.entries(value).every(([name, item]) => understood(name, item));

export function miseTableLoads(key: string, value: unknown, root: string): Loaded[] | string {
  const why = `\`[${key}]\` (a form codeward does not model)`;
  if (key === 'tools') return toolLoads(value, root);
  // Run on cd, leave, … : not followed program by program.
  if (key === 'hooks') return `\`[hooks] ${isTable(value) ? Object.keys(value).join(', ') : ''}\` (commands mise runs on cd)`;
  if (key === 'tasks') return every(value, (_name, task) => taskUnderstood(task)) ? [] : why;
  if (key === 'settings') return every(value, (name, item) => SETTINGS.has(name) && !isTable(item)) ? [] : why;
  if (key === 'min_version') return typeof value === 'string' ? [] : why;
  if (key === 'redactions') return Array.isArray(value) && value.every((each) => typeof each === 'string') ? [] : why;
  // `[vars]`: values a template reads (`{{vars.x}}`); a template in one may run a command.
  if (key === 'vars') return every(value, (_name, item) => typeof item !== 'object' && !String(item).includes('{{')) ? [] : why;
  return `\`${key}\` (a key codeward does not model)`;
}
