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
});
