import { holdsCredential } from '../git/config-credential.js';
import { isRepositoryConfig } from '../git/config-secrets.js';
import { loadedBy } from '../git/workspace-loads.js';
import { within } from './policy.js';
import { repositoryConfigFiles } from './repo-configs.js';
import type { SecretPath } from './secret-files.js';

// Red team R44-a3: what git loads for ANY repository in the view (git/workspace-loads.ts loadedBy: the readers judge
// by the same predicate), beside the workspace repository's (reader-hidden.ts includedCredentialConfigs): the
// includes of every repository config the secret walk found (`walked`: a nested clone's, a submodule's at any depth,
// links among them; by the rule the readers' walk uses, git/folder-configs.ts) and of the workspace repository's
// module folders (repo-configs.ts), and a linked config's target. Each one in the workspace that is no repository
// config (those get a filtered copy) and holds a credential is hidden like a secret (read refuses it: C211).
export function repositoryLoadedSecrets(root: string, walked: readonly string[], home: string | undefined): SecretPath[] {
  const { files } = repositoryConfigFiles(root, [], walked);
  return loadedBy(files, home)
    .files.filter((file) => within(file, root) && file !== root && !isRepositoryConfig(file) && holdsCredential(file))
    .map((path) => ({ path, kind: 'file' as const }));
}
