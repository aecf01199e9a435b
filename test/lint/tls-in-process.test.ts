// A process the ChatCLI wrapper started without node's CA bundle (doors/ca-bundle.ts) runs every engine command and
// refuses only the entry points a person starts (doors/cli/main.ts PERSON_ONLY). That holds while no module that
// opens a network connection itself (fetch, https/tls/http, the AI SDK, iii-sdk, an MCP client) is reached, by
// static or dynamic import, from anything but those entry points' own folders.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

const SRC = join(REPO_ROOT, 'src');
const NETWORK = /from '(?:node:(?:https?|http2|tls|net)|@ai-sdk\/[\w-]+|ai|iii-sdk|ws|@modelcontextprotocol\/sdk\/client[^']*)'|\bfetch\(|new WebSocket\(/;
// node:net is also how the warm engine's client and server talk over a unix socket, and how the after-run walk asks a
// socket file whether something listens on it: that is no TLS.
const LOCAL_SOCKETS = new Set(['src/doors/serve/client.ts', 'src/doors/serve/server.ts', 'src/sandbox/socket-listener.ts']);
// The folders of the entry points PERSON_ONLY names: the agent (src/agent is its loop), MCP and the worker.
const PERSON_DOORS = ['src/agent/', 'src/doors/agent/', 'src/doors/mcp/', 'src/doors/worker/'];


describe('what opens a network connection in-process', () => {
  it('is reached only from the entry points a person starts, which a process without its CA bundle refuses', () => {
    const files = sources(SRC);
    const text = new Map(files.map((file) => [relative(REPO_ROOT, file), readFileSync(file, 'utf8')]));
    const imports = new Map<string, string[]>();
    for (const [file, body] of text) {
      const targets = [...body.matchAll(/(?:from\s+|import\()\s*'(\.{1,2}\/[^']+)\.js'/g)].map(([, spec]) => relative(REPO_ROOT, resolve(REPO_ROOT, dirname(file), `${spec}.ts`)));
      imports.set(file, targets.filter((target) => text.has(target)));
    }
    const network = [...text].filter(([file, body]) => NETWORK.test(body) && !LOCAL_SOCKETS.has(file)).map(([file]) => file);
    expect(network.length).toBeGreaterThan(0);
    const inDoors = (file: string): boolean => PERSON_DOORS.some((door) => file.startsWith(door));
    // Every one of them lies in those folders, and no module outside them but main.ts (after its refusal) imports
    // a module of theirs: nothing else reaches a network connection, by any path.
    expect(network.filter((file) => !inDoors(file))).toEqual([]);
    const crossing = [...imports].flatMap(([file, targets]) => (inDoors(file) || file === 'src/doors/cli/main.ts' ? [] : targets.filter(inDoors).map((target) => `${file} -> ${target}`)));
    expect(crossing).toEqual([]);
    // And main.ts refuses those entry points to a process without its bundle.
    const main = text.get('src/doors/cli/main.ts')!;
    expect(/PERSON_ONLY[^=]*=\s*new Set\(\[([^\]]*)\]/.exec(main)?.[1]).toMatch(/(?=.*'agent')(?=.*'worker')(?=.*'mcp')/);
    expect(main).toMatch(/io\.caBundleDeferred\) && callToken !== undefined && PERSON_ONLY\.has\(callToken\)/);
  });
});
