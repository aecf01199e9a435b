import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file's own TMPDIR and state folder, removed after it (several files run at once).
    setupFiles: ['test/helpers/file-tmpdir.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most of a test's time is spent waiting on the child processes it starts (the binary, git, the sandbox):
    // three files at once keep a 2-core CI machine busy (the default, cores - 1, ran one file at a time).
    maxWorkers: 3,
    // A worker runs its files one after another with the modules it loaded kept (each file still runs its own
    // setup files): loading the engine's sources again for every file was a fifth of the suite's time. Nothing in
    // src holds module-level state (test/lint), and each file's env changes are undone by its setup file.
    isolate: false,
  },
});
