// Crash consistency of multipatch: a real child process flips 30 files A→B→A with one multipatch per
// flip and is SIGKILLed at random moments. After each kill a new engine on the same workspace and state
// dir (which rolls unfinished commits forward) must show all 30 files at one version, none torn.
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, stateDirFor } from '../../src/index.js';
import { REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

const CHILD = join(REPO_ROOT, 'test/fixtures/multipatch-crash-child.mjs');
const DIST_INDEX = join(REPO_ROOT, 'dist/index.js');
const FILES = 30;
// Even rounds kill at a random moment; odd rounds kill as soon as a commit journal appears (so roll-forward
// is exercised every run, not only when chance hits the few milliseconds of renames).
const KILLS = 16;
const MAX_KILLS = 40;

const name = (i: number): string => `f${String(i).padStart(2, '0')}.txt`;
// Every line carries the version, so a file that is part A and part B (torn) matches neither.
function version(i: number, v: 'A' | 'B'): string {
  const lines = [`file ${i}`];
  for (let k = 0; k < 100; k++) lines.push(`${k} @${v}@ ${'p'.repeat(60)}`);
  return `${lines.join('\n')}\n`;
}

let root: string;
let state: string;
let env: Record<string, string | undefined>;

beforeEach(async () => {
  root = await tempDir('codeward-crash-');
  state = await tempDir('codeward-crash-state-');
  env = { ...process.env, CODEWARD_STATE_DIR: state };
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

interface Running {
  readonly child: ChildProcess;
  readonly output: () => string;
  // Milliseconds from "ready" to the first committed flip.
  readonly flipMs: number;
}

// Starts the child and resolves once it has committed its first flip (so the kill lands in the loop).
function startChild(): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, DIST_INDEX, root, String(FILES)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let readyAt = 0;
    let settled = false;
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (readyAt === 0 && stdout.includes('ready')) readyAt = performance.now();
      if (!settled && /^done 1 /m.test(stdout)) {
        settled = true;
        resolve({ child, output: () => stdout, flipMs: performance.now() - readyAt });
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!settled) reject(new Error(`child exited (${code ?? signal}) before its first flip: ${stderr}`));
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

// SIGKILLs the child the moment a commit journal appears in `dir` (or after `limitMs` regardless).
function killWhenJournalAppears(child: ChildProcess, dir: string, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, (_event, file) => {
      if (typeof file !== 'string' || !/^tx-.*\.json$/.test(file)) return;
      // A random 0-2 ms more, so some kills land between the renames of the 30 files.
      const until = performance.now() + Math.random() * 2;
      while (performance.now() < until) {
        // spin: a timer could not wait this short
      }
      child.kill('SIGKILL');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    const done = (): void => {
      clearTimeout(timer);
      watcher.close();
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', done);
  });
}

// The version of each file ('A', 'B', or 'torn' when it is neither exactly).
async function versions(): Promise<string[]> {
  return Promise.all(
    Array.from({ length: FILES }, async (_, i) => {
      const text = await readFile(join(root, name(i)), 'utf8');
      return text === version(i, 'A') ? 'A' : text === version(i, 'B') ? 'B' : 'torn';
    }),
  );
}

describe('multipatch crash consistency', () => {
  it(`SIGKILL at random moments (${KILLS} times) never leaves a mix of versions after recovery`, async () => {
    await writeFiles(root, Object.fromEntries(Array.from({ length: FILES }, (_, i) => [name(i), version(i, 'A')])));
    const journalDir = join(stateDirFor(root, env), 'journal');
    let journalsSeen = 0;
    let mixedBeforeRecovery = 0;
    let rolledForward = 0;
    let flips = 0;
    let targetedHits = 0;
    let round = 0;
    // On a very loaded machine the journal may be gone before the kill lands: then keep going a while.
    for (; round < KILLS || ((journalsSeen === 0 || rolledForward === 0) && round < MAX_KILLS); round++) {
      const targeted = round % 2 === 1;
      const { child, output, flipMs } = await startChild();
      if (targeted) {
        await killWhenJournalAppears(child, journalDir, 5000);
      } else {
        // Anywhere in the next two flips: backups, staging, journal, renames or between flips.
        await sleep(Math.random() * 2 * flipMs);
        await kill(child);
      }
      flips += (output().match(/^done /gm) ?? []).length;

      const journals = (await readdir(journalDir).catch(() => [] as string[])).filter((each) => /^tx-.*\.json$/.test(each));
      if (journals.length > 0) journalsSeen += 1;
      if (journals.length > 0 && targeted) targetedHits += 1;
      const before = await versions();
      expect(before, `round ${round}: a file torn before recovery`).not.toContain('torn');
      if (new Set(before).size > 1) mixedBeforeRecovery += 1;

      // A new engine on the same workspace and state dir runs the journal roll-forward.
      await createEngine({ workspace: root, env });
      const after = await versions();
      expect(after, `round ${round}: a file torn after recovery`).not.toContain('torn');
      expect(new Set(after).size, `round ${round}: files at different versions after recovery: ${after.join('')}`).toBe(1);
      if (before.join('') !== after.join('')) rolledForward += 1;
      const left = (await readdir(journalDir).catch(() => [] as string[])).filter((each) => /^tx-.*\.json$/.test(each));
      expect(left, `round ${round}: journals left after recovery`).toEqual([]);
    }
    const leftovers = (await readdir(root)).filter((each) => each.endsWith('.cw-tmp'));
    console.log(
      `crash test: ${round} kills (${Math.ceil(round / 2)} random, ${Math.floor(round / 2)} on journal creation), ${flips} completed flips; ` +
        `journal present at the kill: ${journalsSeen}/${round} (${journalsSeen - targetedHits} random, ${targetedHits} targeted); ` +
        `files mixed before recovery (kill between renames): ${mixedBeforeRecovery}/${round}, recovery rolled a commit forward: ${rolledForward}/${round}; ` +
        `orphaned staged temp files in the workspace: ${leftovers.length}`,
    );
    expect(flips, 'the child never completed a flip: the kills did not exercise the loop').toBeGreaterThan(0);
    expect(journalsSeen, 'no kill landed inside a commit (journal written, renames not finished)').toBeGreaterThan(0);
    expect(rolledForward, 'recovery never completed an interrupted commit').toBeGreaterThan(0);
  }, 300_000); // 16+ child processes started and killed: minutes on a loaded 2-core machine (it timed out at 60 s under load 25)
});
