import { lstat, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { toRel } from '../../workspace/contains.js';
import { listOwnFolder, listUserFolder, readOwnFile, readUserFile, type OwnRead } from '../../workspace/own-read.js';
import type { Workspace } from '../../workspace/workspace.js';
import { notOwned, ownedByMe } from './owned.js';

// Workspace context files (seed 001 layer 3), in this order. CLAUDE.md and GEMINI.md are the same kind
// of file under the names other agents read, so a project written for them works here too.
export const CONTEXT_FILES = ['AGENTS.md', 'CLAUDE.md', 'GEMINI.md', 'SOUL.md', 'USER.md', 'RULES.md'] as const;

// A context file larger than this is cut (the prompt must stay short); the cut is marked.
const MAX_FILE_CHARS = 24_000;
// Bytes read for one file: enough for MAX_FILE_CHARS characters of any UTF-8.
const MAX_FILE_BYTES = MAX_FILE_CHARS * 4;

export interface ContextFile {
  // Absolute path, for the prompt's heading and the start event.
  readonly path: string;
  readonly content: string;
}

export interface ContextFiles {
  readonly files: ContextFile[];
  // One line per project file that was there but not read (a link out of the workspace, a hidden file).
  readonly notices: string[];
}

// A folder of the project and the jail its files are read through: the workspace's own, or for the
// folders between the enclosing repository's root and the workspace, a jail rooted at that repository.
interface Place {
  readonly jail: Workspace;
  // The folder relative to the jail's root ('' for the root).
  readonly rel: string;
}

// The workspace root and its ancestors up to the repository root (the first one with a .git), outermost
// first, so a monorepo's top-level AGENTS.md comes before a package's. No repository: the root alone.
// The climb stops below the home folder (red team R8-8: a home kept as a dotfiles repository made every
// folder under it, ~/Downloads included, part of one "project" whose context files were read).
async function projectPlaces(workspace: Workspace, notices: string[], home: string | undefined): Promise<Place[]> {
  const chain: string[] = [];
  const homes = home === undefined ? [] : [home, await realpath(home).catch(() => home)];
  for (let folder = workspace.root; ; folder = dirname(folder)) {
    if (folder !== workspace.root && homes.includes(folder)) return [{ jail: workspace, rel: '' }];
    chain.push(folder);
    if ((await lstat(join(folder, '.git')).catch(() => undefined)) !== undefined) {
      if (folder === workspace.root || (await ownedByMe(join(folder, '.git')))) break;
      notices.push(notOwned('repository', join(folder, '.git')));
      return [{ jail: workspace, rel: '' }];
    }
    if (dirname(folder) === folder) return [{ jail: workspace, rel: '' }];
  }
  const top = chain[chain.length - 1]!;
  const repo = top === workspace.root ? workspace : await workspace.rooted(top);
  return chain.reverse().map((folder) => (folder === workspace.root ? { jail: workspace, rel: '' } : { jail: repo, rel: toRel(top, folder) }));
}

const relIn = (place: Place, name: string): string => (place.rel === '' || place.rel === '.' ? name : `${place.rel}/${name}`);

// Collects files in order: empty ones are skipped, a file reached twice (CLAUDE.md a link to AGENTS.md)
// is kept once, a refused one becomes a notice.
class Collector {
  readonly files: ContextFile[] = [];
  readonly notices: string[] = [];
  readonly #seen = new Set<string>();

  add(path: string, text: string | undefined, real = path): void {
    if (text === undefined || text.trim() === '' || this.#seen.has(real)) return;
    this.#seen.add(real);
    const content = text.length > MAX_FILE_CHARS ? `${text.slice(0, MAX_FILE_CHARS)}\n[... cut at ${MAX_FILE_CHARS} characters ...]` : text;
    this.files.push({ path, content });
  }

  addOwn(path: string, read: OwnRead): void {
    if (read.kind === 'file') this.add(path, read.text, read.real);
    else if (read.kind === 'refused') this.notices.push(`context file ${path} not read: ${read.reason}`);
  }
}

const RULES = '.codeward/rules';

// Rules: ~/.codeward/rules/*.md, then .codeward/rules/*.md; a project rule replaces a user rule of the same name.
async function addRules(workspace: Workspace, home: string | undefined, into: Collector): Promise<void> {
  const user = home ? join(home, '.codeward', 'rules') : undefined;
  const byName = new Map<string, () => Promise<void>>();
  if (user) {
    for (const name of await listUserFolder(user)) {
      if (name.endsWith('.md')) byName.set(name, async () => into.add(join(user, name), await readUserFile(join(user, name), { maxBytes: MAX_FILE_BYTES })));
    }
  }
  const project = await listOwnFolder(workspace, RULES);
  if ('refused' in project) into.notices.push(`rules folder ${RULES} not read: ${project.refused}`);
  else {
    for (const name of project.names) {
      const rel = `${RULES}/${name}`;
      if (name.endsWith('.md')) byName.set(name, async () => into.addOwn(join(workspace.root, rel), await readOwnFile(workspace, rel, { maxBytes: MAX_FILE_BYTES })));
    }
  }
  for (const load of byName.values()) await load();
}

// Every context file that applies: for each name, the user's copy in ~/.codeward/ and then the project's
// copies from the repository root down to the workspace root; then the rules. The project's are read
// through the jail (src/workspace/own-read.ts): a link out of the workspace or to a hidden file is not read.
export async function findContextFiles(workspace: Workspace, home: string | undefined): Promise<ContextFiles> {
  const into = new Collector();
  const places = await projectPlaces(workspace, into.notices, home);
  for (const name of CONTEXT_FILES) {
    if (home) into.add(join(home, '.codeward', name), await readUserFile(join(home, '.codeward', name), { maxBytes: MAX_FILE_BYTES }));
    for (const place of places) {
      const rel = relIn(place, name);
      if (place.jail !== workspace && !(await ownedByMe(join(place.jail.root, rel)))) into.notices.push(notOwned('context file', join(place.jail.root, rel)));
      // Above the workspace a context file is read only as a file of its own, never through a link (R8-8:
      // an unpacked archive's `AGENTS.md -> ../.ssh/id_ed25519`).
      else if (place.jail !== workspace && (await lstat(join(place.jail.root, rel)).catch(() => undefined))?.isSymbolicLink()) into.notices.push(`context file ${join(place.jail.root, rel)} not read: a symbolic link above the workspace`);
      else into.addOwn(join(place.jail.root, rel), await readOwnFile(place.jail, rel, { maxBytes: MAX_FILE_BYTES }));
    }
  }
  await addRules(workspace, home, into);
  return { files: into.files, notices: into.notices };
}
