import { createEngine } from '../../src/setup.js';
import type { Sandbox } from './helpers.js';

// One exec call under --yes with these deny rules (in-process engine, no sandbox: the decision is what is
// checked): 'ran', or the error code (C240 denied, C241 a person is needed).
export async function execUnderYes(box: Pick<Sandbox, 'root' | 'home'>, deny: readonly string[], cmd: string): Promise<string> {
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, sandbox: { mode: 'off' }, permissions: { home: box.home, yes: true, cliRules: { deny: [...deny] } } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return result.ok ? 'ran' : result.error.code;
  } finally {
    await engine.close();
  }
}
