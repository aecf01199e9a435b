import { test } from 'vitest';
import { explain, policyWith, sandbox } from './helpers.js';
test('scratch', async () => {
  const box = await sandbox();
  const policy = await policyWith(box);
  for (const line of (process.env.LINES ?? '').split('\n').filter(Boolean)) {
    const e = await explain(policy, `@coder exec ${line}`);
    console.log(`${e.decision.padEnd(5)} ${e.source.padEnd(9)} ${line}  -- ${e.reason}`);
  }
  await box.cleanup();
});
