import { realpath } from 'node:fs/promises';
import { readProjectSettings } from '../../src/permissions/policy-load.js';
import { saveTrust } from '../../src/permissions/policy-trust.js';

// What `codeward trust` records: the workspace's policy and config files as they are now, trusted in
// `home`/.codeward/trust.json (a temp HOME: tests never touch the real one).
export async function trustWorkspaceAt(root: string, home: string): Promise<void> {
  const real = await realpath(root);
  await saveTrust((await readProjectSettings(real, home)).snapshot, home);
}
