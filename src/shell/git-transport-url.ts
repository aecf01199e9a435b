// What program one repository URL makes git run (git-transport.ts), as git's transport.c picks it: `ext::CMD`
// runs CMD (when the protocol is allowed), `<helper>::<address>` and an unknown `<scheme>://` run
// git-remote-<helper> (http, https, ftp, ftps and fd are git's own), remote.<name>.vcs names a helper, a local path
// or file:// runs remote.<name>.uploadpack/receivepack through the shell, ssh (`ssh://`, `host:path`) runs
// core.sshCommand, git:// runs core.gitProxy. For the last three, the repository's own settings count, and the
// person's only when they name a workspace program (otherwise they name the person's own programs); an ext:: URL
// or a workspace helper counts wherever it is set.
import type { SourcedEntry } from './git-transport-config.js';

export interface UrlContext {
  readonly entries: readonly SourcedEntry[];
  readonly push: boolean;
  // Whether the ext protocol may be allowed (for a submodule's URL: git then refuses the `user` protocols).
  ext(submodule: boolean): boolean;
  // Why git-remote-<name> may be a workspace program (the program, or what the line changes), or undefined.
  helper(name: string): string | undefined;
  extWords(text: string): string[] | undefined;
  // Whether a command text names a workspace path (`./x`, `tools/x`, an absolute path inside it) or a variable.
  namesWorkspace(text: string): boolean;
  // Whether an ssh command is the system's ssh with plain options and plain config files (git-transport-ssh.ts).
  plainSsh(text: string): boolean;
}

const CURL = new Set(['http', 'https', 'ftp', 'ftps']);
const SSH = new Set(['ssh', 'git+ssh', 'ssh+git']);

// The command git takes from `section.subsection.key` (the last value), when it counts: any the repository's
// files set (the plain system ssh aside), and one of the person's files that names a workspace program.
function configured(ctx: UrlContext, section: string, subsection: string | undefined, key: string): string | undefined {
  const last = ctx.entries.filter((e) => e.section === section && e.subsection === subsection && e.key === key && e.value).at(-1);
  if (last === undefined || (key === 'sshcommand' && ctx.plainSsh(last.value!))) return undefined;
  return last.own || ctx.namesWorkspace(last.value!) ? last.value : undefined;
}

function helperVeto(name: string, ctx: UrlContext): string | undefined {
  if (CURL.has(name.toLowerCase()) || name === 'fd') return undefined;
  const found = ctx.helper(name);
  return found === undefined ? undefined : `runs the remote helper git-remote-${name}, which may be a workspace program (${found})`;
}

function extVeto(url: string, submodule: boolean, ctx: UrlContext): string | undefined {
  if (!ctx.ext(submodule)) return undefined;
  const words = ctx.extWords(url.slice('ext::'.length));
  const shown = words === undefined || words.length === 0 ? `a command codeward cannot read` : `\`${words.join(' ')}\``;
  return `uses the URL \`${url}\`, whose ext:: transport runs ${shown}, and git's configuration may allow the ext protocol`;
}

// Why `url` (of `remote`, if a configured one) runs a program, or undefined.
export function urlVeto(url: string, remote: string | undefined, submodule: boolean, ctx: UrlContext): string | undefined {
  const named = remote === undefined ? '' : `remote \`${remote}\``;
  const vcs = remote === undefined ? undefined : ctx.entries.filter((e) => e.section === 'remote' && e.subsection === remote && e.key === 'vcs' && e.value).at(-1)?.value;
  if (vcs !== undefined) return helperVeto(vcs, ctx);
  const helper = /^([A-Za-z0-9][A-Za-z0-9+.-]*)::/.exec(url);
  if (helper) return helper[1]!.toLowerCase() === 'ext' ? extVeto(url, submodule, ctx) : helperVeto(helper[1]!, ctx);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined && (CURL.has(scheme))) return undefined;
  if (scheme === 'git') {
    const proxy = configured(ctx, 'core', undefined, 'gitproxy');
    return proxy === undefined ? undefined : `connects through core.gitProxy \`${proxy}\``;
  }
  if (SSH.has(scheme ?? '') || (scheme === undefined && /^[^/]*:/.test(url))) {
    const ssh = configured(ctx, 'core', undefined, 'sshcommand');
    return ssh === undefined ? undefined : `connects with core.sshCommand \`${ssh}\``;
  }
  if (scheme !== undefined && scheme !== 'file') return helperVeto(scheme, ctx);
  // A local repository: git starts the upload-pack (receive-pack for a push) it is told, through the shell.
  const key = ctx.push ? 'receivepack' : 'uploadpack';
  const pack = remote === undefined ? undefined : configured(ctx, 'remote', remote, key);
  return pack === undefined ? undefined : `runs ${named}'s ${key} \`${pack}\` through the shell`;
}
