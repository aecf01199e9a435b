import { afterEach } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { removeDir } from '../../helpers/fixture.js';

// What an agent e2e test makes (a model server, folders), closed and removed after each test.
export function scratch(): { made: string[]; serve: (replies: string[]) => Promise<ModelServer> } {
  let server: ModelServer | undefined;
  const made: string[] = [];
  afterEach(async () => {
    await server?.close();
    server = undefined;
    for (const dir of made.splice(0)) await removeDir(dir);
  });
  return { made, serve: async (replies) => (server = await startModelServer({ replies })) };
}
