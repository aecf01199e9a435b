// R38-a2 — MINOR (availability, turned against the user) — clearRiskyModes (sandbox/modes.ts, the lead's R37-a7 fix)
// removes EVERY FIFO, socket or device node whose change time is after the run started, not the ones the run made: a
// socket or FIFO the user's OWN host process makes in the workspace while an in-place run is going (a dev database
// started in ./pgdata makes .s.PGSQL.5432, a dev server's or overmind's control socket, a tool's FIFO) is unlinked
// when the run ends, the live server becomes unreachable by its path, and the warning tells the model "a sandboxed
// command left mine.sock" (the user's file is blamed on the run). The same follows from a run that only `ln`s or
// `mv`s the user's existing FIFO (a link or rename sets the inode's change time): both names go.
//
// Reproduction (integ 8bf2b72d, root, bwrap 0.8; workspace /var/tmp/cw-rt38a-fx/ws):
//   $ ( until [ -e started ]; do sleep .05; done; mkfifo mine.fifo;
//       python3 -c "import socket;s=socket.socket(socket.AF_UNIX);s.bind('mine.sock')"; touch go ) &
//     codeward --sandbox off --yes exec --cmd 'touch started; until [ -e go ]; do sleep .05; done; echo done'
//   warning: a sandboxed command left mine.fifo, a FIFO, socket or device: never applied: it was removed (...)
//   warning: a sandboxed command left mine.sock, a FIFO, socket or device: never applied: it was removed (...)
//   $ ls mine.*    -> No such file or directory     (made by the host, outside the sandbox)
// Expected: only what the run made is removed (a special file absent before the run, made inside); one the host made
// meanwhile stays, and nothing the user made is reported as the run's.
// FIXED (jail43, sandbox/modes-special.ts): a socket a live process has bound (/proc/net/unix) is not the run's (its
// processes died with its pid namespace): left alone; a FIFO or device cannot be told apart: moved aside, not removed,
// in words that say it may be the person's. Was: ONE place for the class fix: sandbox/modes.ts special() (clearRiskyModes): decide "the run made it" by the run's own
// record, e.g. the in-place write gate's before-run listing of the workspace's folders (or bwrap's view: a path the
// run created), not by ctime >= since; or at least rename aside (recoverable) rather than unlink.
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let root: string;
let server: Server | undefined;
let printed = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt38a-sock-');
  root = join(base, 'ws');
  spawnSync('git', ['init', '-q', root]);
  if (!bwrapWorks) return;
  const engine = await createEngine({ workspace: root, env: { HOME: join(base, 'h'), PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, '.s') }, sandbox: { mode: 'off' as const }, permissions: { home: join(base, 'h'), yes: true } });
  try {
    const running = engine.run({ cmd: 'exec', args: { cmd: 'touch started; until [ -e go ]; do sleep 0.05; done; echo done' } });
    // The user's own processes, on the host, while the run goes (ordered by files, not by time).
    while (!existsSync(join(root, 'started'))) await sleep(50);
    spawnSync('mkfifo', [join(root, 'mine.fifo')]);
    server = createServer();
    await new Promise<void>((done) => server!.listen(join(root, 'mine.sock'), done));
    writeFileSync(join(root, 'go'), '');
    printed = JSON.stringify(await running);
  } finally {
    await engine.close();
  }
}, 60_000);
afterAll(async () => {
  server?.close();
  await rm(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)('R38-a2 MINOR: an in-place run\'s after-walk removes the user\'s own socket and FIFO made meanwhile', () => {
  it('control: the run ran to its end', () => {
    expect(printed).toContain('done');
  });
  it('the live server socket the host made stays', () => {
    expect(lstatSync(join(root, 'mine.sock'), { throwIfNoEntry: false })?.isSocket()).toBe(true);
  });
  // Decided (jail43): a FIFO cannot be told apart (the run's or the host's; neither holds it open), and one a reader
  // opens blocks it for ever (R37-a7), so it is moved aside beside itself, not removed, with words that do not blame the run.
  it('the FIFO the host made is kept, moved aside (not removed), and the warning says it may be the person\'s', () => {
    expect(readdirSync(root).filter((name) => name.startsWith('mine.fifo.set-aside-by-codeward-') && lstatSync(join(root, name)).isFIFO())).toHaveLength(1);
    expect(printed).toMatch(/mine\.fifo, a FIFO made or changed while the run went \(by the run, or by another program of yours meanwhile\)/);
  });
  it('the result does not blame the run for them', () => {
    expect(printed).not.toMatch(/left mine\.(sock|fifo)/);
  });
});
