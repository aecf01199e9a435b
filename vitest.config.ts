import { defineConfig } from 'vitest/config';

// Files that replace a module with vi.mock: they run in workers of their own that load every module afresh
// for each file (a module another file loaded first would be the unmocked one).
export const MOCKING = ['test/code/repo-map-credential-store.test.ts', 'test/permissions/home-mention-spawn.test.ts', 'test/shell/stage-plan-kept.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // Each file's own TMPDIR, state folder and HOME, removed after it (several files run at once).
    setupFiles: ['test/helpers/file-tmpdir.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most of a test's time is spent waiting on the child processes it starts (the binary, git, the sandbox):
    // three files at once keep a 2-core CI machine busy (the default, cores - 1, ran one file at a time).
    maxWorkers: 3,
    projects: [
      // A worker runs its files one after another with the modules it loaded kept (each file still runs its own
      // setup files): loading the engine's sources again for every file was a fifth of the suite's time. Nothing
      // in src holds module-level state (test/lint), and each file's environment is put back after it.
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'mocking', include: MOCKING, isolate: true } },
    ],
  },
});
