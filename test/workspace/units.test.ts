import { describe, expect, it } from 'vitest';
import { isInside, toRel } from '../../src/workspace/contains.js';
import { expandPath } from '../../src/workspace/expand.js';
import { compileNonAccessible } from '../../src/workspace/globs.js';
import { isSensitivePath } from '../../src/workspace/sensitive.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';

describe('isInside', () => {
  it('is separator-aware', () => {
    expect(isInside('/w/allowed', '/w/allowed')).toBe(true);
    expect(isInside('/w/allowed', '/w/allowed/x')).toBe(true);
    expect(isInside('/w/allowed', '/w/allowed_evil')).toBe(false);
    expect(isInside('/w/allowed', '/w/allowed_evil/x')).toBe(false);
    expect(isInside('/w/allowed', '/w/allowedX')).toBe(false);
    expect(isInside('/w/allowed', '/w')).toBe(false);
  });
  it('treats / as containing every absolute path and refuses relative ones', () => {
    expect(isInside('/', '/')).toBe(true);
    expect(isInside('/', '/etc/passwd')).toBe(true);
    expect(isInside('/w', 'w/x')).toBe(false);
  });
  it('toRel gives forward slashes and . for the dir itself', () => {
    expect(toRel('/w', '/w')).toBe('.');
    expect(toRel('/w', '/w/a/b')).toBe('a/b');
    expect(toRel('/', '/a/b')).toBe('a/b');
  });
});

describe('expandPath', () => {
  const options = { home: '/home/me', env: { A: '/a', B: 'bee', EMPTY: '', TRICK: '$B', HOME: '/env-home' } };
  it('expands ~ and ~/ only', () => {
    expect(expandPath('~', options)).toBe('/home/me');
    expect(expandPath('~/x/y', options)).toBe('/home/me/x/y');
    expect(expandPath('~user/x', options)).toBe('~user/x');
    expect(expandPath('a/~/x', options)).toBe('a/~/x');
  });
  it('expands $VAR and ${VAR}, keeps unset ones literally', () => {
    expect(expandPath('$A/x', options)).toBe('/a/x');
    expect(expandPath('${B}x/$B', options)).toBe('beex/bee');
    expect(expandPath('$HOME/.ssh', options)).toBe('/env-home/.ssh');
    expect(expandPath('x$EMPTY', options)).toBe('x');
    expect(expandPath('$NOPE/x', options)).toBe('$NOPE/x');
    expect(expandPath('${NOPE}/x', options)).toBe('${NOPE}/x');
    expect(expandPath('$', options)).toBe('$');
    expect(expandPath('a$/b', options)).toBe('a$/b');
    expect(expandPath('${B', options)).toBe('${B');
    expect(expandPath('$1x', options)).toBe('$1x');
  });
  it('expands once: values and home are never re-expanded', () => {
    expect(expandPath('$TRICK', options)).toBe('$B');
    expect(expandPath('~/x', { home: '/h/$B', env: options.env })).toBe('/h/$B/x');
  });
  it('leaves backslashes alone', () => {
    expect(expandPath('a\\b\\..\\c', options)).toBe('a\\b\\..\\c');
  });
});

describe('isSensitivePath', () => {
  it('matches listed files and directories with separator awareness', () => {
    for (const p of ['/etc/passwd', '/etc/shadow', '/etc/gshadow', '/etc/sudoers', '/etc/sudoers.d/x', '/etc/ssh',
      '/etc/ssh/sshd_config', '/etc/ssl/private/k.pem', '/proc', '/proc/self/environ', '/sys/kernel', '/dev/null',
      '/boot/vmlinuz', '/private/etc/shadow']) {
      expect(isSensitivePath(p), p).toBe(true);
    }
    for (const p of ['/etc', '/etc/passwdx', '/etc/hosts', '/etc/sshd', '/etc/ssl/certs/a.pem', '/procx', '/device',
      '/home/u/proc', '/']) {
      expect(isSensitivePath(p), p).toBe(false);
    }
  });
});

describe('compileNonAccessible', () => {
  const match = compileNonAccessible(DEFAULT_NON_ACCESSIBLE_GLOBS);
  it('matches the defaults with dot files', () => {
    for (const p of ['.env', 'a/b/.env', '.env.local', 'x/.env.production', 'x.pem', 'a/k.key', 'secrets/a',
      'a/secrets/b/c', 'secrets']) {
      expect(match(p), p).toBe(true);
    }
    for (const p of ['.', '', 'a.txt', '.envrc', 'env', 'a/secretsx/b', 'pem', 'x.pem.txt']) {
      expect(match(p), p).toBe(false);
    }
  });
  it('covers everything below a matching folder', () => {
    const custom = compileNonAccessible(['private', '**/*.key']);
    expect(custom('private')).toBe(true);
    expect(custom('private/x.txt')).toBe(true);
    expect(custom('a.key/inner.txt')).toBe(true);
    expect(custom('privateer/x')).toBe(false);
  });
  it('an empty list matches nothing', () => {
    expect(compileNonAccessible([])('.env')).toBe(false);
  });
});
