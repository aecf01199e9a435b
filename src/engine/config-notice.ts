import { nodeCrypto } from './lazy-crypto.js';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// The trust notice of a workspace (policy-notice.ts) is shown once per state, not on every CLI call:
// the digest of the last one shown lives in the workspace's state folder (outside the workspace, so a
// repository cannot mark it seen). Any change of the notice (another file, a revoked trust) shows it
// again; `codeward doctor` shows it any time. Long-lived doors (MCP, agent) show it once per session.
export async function noticeIsNew(stateDir: string, notice: string): Promise<boolean> {
  const file = join(stateDir, 'trust-notice');
  const digest = nodeCrypto().createHash('sha256').update(notice).digest('hex');
  if (await readFile(file, 'utf8').then((text) => text.trim() === digest, () => false)) return false;
  try {
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${digest}\n`, { mode: 0o600 });
    await rename(temp, file);
  } catch {
    // Not recorded: it is shown again next time, which is only noisier.
  }
  return true;
}

// No notice now: the next one is new even if it repeats an older one (trusted, then revoked again).
export async function forgetNotice(stateDir: string): Promise<void> {
  await rm(join(stateDir, 'trust-notice'), { force: true }).catch(() => undefined);
}

// The notice to put on the first envelope, for the door the calls come through: a CLI call (or a ChatCLI
// plugin call) is a process of its own, so there it is shown once per state; other doors once per engine.
export async function noticeToShow(stateDir: string, notice: string | undefined, door: string | undefined): Promise<string | undefined> {
  const perCall = door === 'cli' || door === 'chatcli';
  if (!perCall) return notice;
  if (notice === undefined) {
    await forgetNotice(stateDir);
    return undefined;
  }
  return (await noticeIsNew(stateDir, notice)) ? notice : undefined;
}
