import picomatch from '../workspace/picomatch.js';
import type { HomeLink } from './home-links.js';
import { homeObeyed, isHomeListed } from './obeyed-home.js';

// The judging half of obeyed-home-links.ts (which finds the links: it reads the home folder and its start-up
// files, home-sources.ts): apart so that obeyed.ts, which every workspace open loads, does not load the
// finding (issue 31).

const under = (path: string, folder: string): string | undefined =>
  folder === '' ? path : path === folder ? '' : path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : undefined;

// What obeyed.ts reports (its Obeyed; a type of its own here, so the two modules import in one direction).
interface LinkedObeyed {
  readonly pattern: string;
  readonly family: 'shell';
  readonly by: string;
  readonly why: string;
}

const LOADED_BY = 'the user\'s login shell, ssh, editor, terminal multiplexer, direnv, mise, cargo or a package manager (a start-up file or project configuration)';

// A link's pattern compiled once (a few per env file).
const MATCHERS = new Map<string, (path: string) => boolean>();
const matches = (glob: string, rest: string): boolean => {
  let matcher = MATCHERS.get(glob);
  if (matcher === undefined) MATCHERS.set(glob, (matcher = picomatch(glob, { dot: true, nocase: true })));
  return matcher(rest);
};

// Whether the workspace-relative `path` is a home path of the catalogue through one of `links`.
// `program`: whether a file is one of the programs a program-only link takes (HomeLink names/executable, runnable.ts
// isProgram); absent: every path its glob matches.
export function homeLinkObeyed(path: string, links: readonly HomeLink[], program?: (link: HomeLink, path: string) => boolean): LinkedObeyed | undefined {
  const lower = path.toLowerCase();
  for (const link of links) {
    const rest = under(lower, link.rel.toLowerCase());
    if (rest === undefined || (link.exact === true && rest !== '') || (link.glob !== undefined && !matches(link.glob, rest))) continue;
    if ((link.names !== undefined || link.executable === true) && program?.(link, path) === false) continue;
    const where = link.glob !== undefined ? path : link.rel === '' ? 'the workspace' : link.rel;
    if (link.sourced !== undefined) return { pattern: link.sourced, family: 'shell', by: LOADED_BY, why: `${link.sourced} loads ${where}${link.note === undefined ? '' : ` (${link.note})`}, and ${link.sourced} is run or obeyed by ${LOADED_BY}` };
    const homePath = rest === '' ? link.home : `${link.home}/${path.slice(path.length - rest.length)}`;
    const entry = homeObeyed(homePath);
    if (!entry) continue;
    const by = isHomeListed(entry) ? 'the user\'s login shell, desktop session, git, ssh or editor (a start-up file of the home folder)' : 'the program whose settings, plug-ins or start-up files the home folder keeps there';
    return { pattern: `~/${entry}`, family: 'shell', by, why: `${where} is ~/${link.home} (your home folder links there), and ~/${entry} is run or obeyed by ${by}` };
  }
  return undefined;
}
