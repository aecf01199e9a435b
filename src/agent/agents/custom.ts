import { join, sep } from 'node:path';
import { fail } from '../../engine/errors.js';
import { listOwnFolder, listUserFolder, readOwnFile, readUserFile } from '../../workspace/own-read.js';
import type { Workspace } from '../../workspace/workspace.js';
import { PROJECT_AGENTS, splitFrontMatter, userAgentFolder } from '../prompt/persona.js';
import { type AgentSpec, WRITING_COMMANDS } from './roster.js';
import { parseYaml } from '../../engine/yaml.js';

export interface CustomAgentOptions {
  // The project's agents are read through its jail (src/workspace/own-read.ts).
  readonly workspace: Workspace;
  readonly home: string | undefined;
  // Every command the engine knows (a custom agent naming another one is a mistake worth reporting).
  readonly known: readonly string[];
  // Names a custom agent may not take unless its front matter says `override: true`.
  readonly reserved: ReadonlySet<string>;
}

function list(value: unknown, file: string): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  if (!items || items.some((item) => typeof item !== 'string')) throw fail('C210', `${file}: "tools" must be a list of @coder commands or a comma-separated string`);
  return items.map((item: string) => item.trim().replace(/^@coder\s+/, '')).filter((item) => item !== '');
}

async function parseAgent(file: string, text: string, options: CustomAgentOptions): Promise<AgentSpec> {
  const { front, body } = splitFrontMatter(text);
  let meta: Record<string, unknown> = {};
  if (front !== undefined) {
    try {
      const parsed: unknown = parseYaml(front);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) meta = parsed as Record<string, unknown>;
      else if (parsed !== null && parsed !== undefined) throw new Error('the front matter is not a mapping of keys');
    } catch (error) {
      throw fail('C210', `${file}: the front matter is not valid YAML: ${(error as Error).message}`);
    }
  }
  const fallback = file.split(/[\\/]/).pop()!.replace(/\.md$/, '');
  const name = String(meta['name'] ?? fallback).trim().toLowerCase();
  if (!/^[a-z][\w-]*$/.test(name)) throw fail('C210', `${file}: agent name "${name}" must be a word (letters, digits, - and _)`);
  if (options.reserved.has(name) && meta['override'] !== true) {
    throw fail('C210', `${file}: "${name}" is a built-in agent; rename this one, or add "override: true" to its front matter to replace the built-in on purpose`);
  }
  if (body === '') throw fail('C210', `${file}: the agent's prompt (the text after the front matter) is empty`);
  const tools = list(meta['tools'], file);
  const unknown = tools.filter((tool) => !options.known.includes(tool));
  if (unknown.length > 0) throw fail('C210', `${file}: unknown @coder command${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} in "tools"; known: ${options.known.join(', ')}`);
  const declared = meta['readOnly'] ?? meta['read_only'];
  const readOnly = typeof declared === 'boolean' ? declared : tools.length > 0 && tools.every((tool) => !WRITING_COMMANDS.has(tool));
  const writing = tools.filter((tool) => WRITING_COMMANDS.has(tool));
  if (readOnly && writing.length > 0) throw fail('C210', `${file}: a read-only agent cannot have ${writing.join(', ')} in "tools"`);
  const model = typeof meta['model'] === 'string' && meta['model'].trim() !== '' ? meta['model'].trim() : undefined;
  return {
    name,
    description: typeof meta['description'] === 'string' ? meta['description'].trim() : `custom agent from ${file}`,
    role: body,
    commands: tools,
    readOnly,
    ...(model ? { model } : {}),
    source: file,
  };
}

export interface CustomAgents {
  readonly agents: AgentSpec[];
  // One line per file that was not registered (shown to the person, never silently dropped).
  readonly warnings: string[];
}

// One folder's agent files: the name each is known by, and a way to read it (undefined: not there).
interface AgentFolder {
  readonly folder: string;
  readonly names: string[];
  read(name: string): Promise<string | undefined>;
}

// The project's folder through the workspace jail: a file (or the folder) that links out of the
// workspace or to a hidden file is skipped with a warning, never read.
async function projectFolder(workspace: Workspace, warnings: string[]): Promise<AgentFolder> {
  const folder = join(workspace.root, PROJECT_AGENTS);
  const listed = await listOwnFolder(workspace, PROJECT_AGENTS);
  if ('refused' in listed) warnings.push(`custom agents skipped: ${PROJECT_AGENTS} was not read: ${listed.refused}`);
  const read = async (name: string): Promise<string | undefined> => {
    const found = await readOwnFile(workspace, `${PROJECT_AGENTS}/${name}`);
    if (found.kind === 'refused') throw fail('C211', `${join(folder, name)} was not read: ${found.reason}`);
    return found.kind === 'file' ? found.text : undefined;
  };
  return { folder, names: 'names' in listed ? listed.names : [], read };
}

async function userFolder(home: string | undefined): Promise<AgentFolder | undefined> {
  const folder = userAgentFolder(home);
  return folder === undefined ? undefined : { folder, names: await listUserFolder(folder), read: (name) => readUserFile(join(folder, name)) };
}

// Custom agents: .codeward/agents/*.md in the workspace, then ~/.codeward/agents/*.md (a project agent
// wins over a user agent of the same name). A file that cannot be used is skipped with a warning naming
// the file and the fix, so one broken file never stops a run.
export async function loadCustomAgents(options: CustomAgentOptions): Promise<CustomAgents> {
  const found = new Map<string, AgentSpec>();
  const warnings: string[] = [];
  const folders = [await projectFolder(options.workspace, warnings), await userFolder(options.home)];
  for (const place of folders) {
    if (place === undefined) continue;
    for (const file of place.names.filter((name) => name.endsWith('.md'))) {
      try {
        const text = await place.read(file);
        if (text === undefined) continue;
        const spec = await parseAgent(join(place.folder, file), text, options);
        const earlier = found.get(spec.name);
        // A project agent hides a user agent of the same name on purpose; two in one folder is a mistake.
        if (earlier && earlier.source.startsWith(place.folder + sep)) warnings.push(`custom agent skipped: ${spec.source}: agent name "${spec.name}" is already defined by ${earlier.source}`);
        else if (!earlier) found.set(spec.name, spec);
      } catch (error) {
        warnings.push(`custom agent skipped: ${(error as Error).message}`);
      }
    }
  }
  return { agents: [...found.values()], warnings };
}
