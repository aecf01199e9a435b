import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/fixture.js';

// The project configuration file through the real (bundled) binary: YAML is loaded lazily there.
describe('.codeward/config.yaml', () => {
  it('is read by the CLI: a YAML nonAccessibleGlobs list hides the file', async () => {
    const root = await tempDir();
    await mkdir(join(root, '.codeward'));
    await writeFile(join(root, '.codeward', 'config.yaml'), 'nonAccessibleGlobs:\n  - "**/*.secret"\nbackups: false\n');
    await writeFile(join(root, 'token.secret'), 'hidden\n');
    await writeFile(join(root, 'open.txt'), 'visible\n');
    expect(runCli(['-C', root, 'read', 'open.txt']).stdout).toContain('visible');
    const refused = runCli(['-C', root, 'read', 'token.secret']);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('C211');
  });

  it('names the file when the YAML is broken', async () => {
    const root = await tempDir();
    await mkdir(join(root, '.codeward'));
    await writeFile(join(root, '.codeward', 'config.yaml'), 'backups: [unclosed\n');
    await writeFile(join(root, 'open.txt'), 'visible\n');
    const result = runCli(['-C', root, 'read', 'open.txt']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/C210: \.codeward\/config\.yaml: not valid YAML/);
  });

  it('words every wrong key and value, naming the file and the valid keys', async () => {
    const root = await tempDir();
    await mkdir(join(root, '.codeward'));
    await writeFile(join(root, '.codeward', 'config.yaml'), 'nonAccessibleGlobs: 5\nmaxWriteBytes: -5\nbackups: "x"\nsandbox: sometimes\nbogusKey: 1\n');
    await writeFile(join(root, 'open.txt'), 'visible\n');
    const result = runCli(['-C', root, 'read', 'open.txt']);
    expect(result.status).toBe(2);
    expect(result.stderr).not.toMatch(/Invalid input/);
    expect(result.stderr).toContain('nonAccessibleGlobs must be a JSON array, got a whole number');
    expect(result.stderr).toContain('maxWriteBytes must be greater than 0');
    expect(result.stderr).toContain('backups must be true or false, got text');
    expect(result.stderr).toContain('sandbox must be one of off, workspace-write, read-only');
    expect(result.stderr).toContain('unknown key bogusKey');
    expect(result.stderr).toMatch(/valid keys: nonAccessibleGlobs, /);
  });
});
