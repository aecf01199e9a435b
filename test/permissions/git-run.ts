import { execFileSync } from 'node:child_process';

// git with a fixed author, for tests that make repositories (no user config needed).
// Read at each call: the test file's own TMPDIR and HOME (test/helpers/file-tmpdir.ts).
const env = (): NodeJS.ProcessEnv => ({ ...process.env, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b', GIT_CONFIG_NOSYSTEM: '1' });

export const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, env: env(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
