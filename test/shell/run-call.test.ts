import { describe, expect, it } from 'vitest';
import { processFailure, toProcessData } from '../../src/shell/run-call.js';
import type { RunResult } from '../../src/shell/run.js';

const result = (over: Partial<RunResult>): RunResult => ({ exitCode: 1, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false, truncated: { stdout: 0, stderr: 0 }, durationMs: 1, ...over });
const message = (over: Partial<RunResult>, command = ''): string => {
  const run = result(over);
  return processFailure(run, toProcessData(run), new AbortController().signal, 60, command)?.message ?? '';
};

describe('processFailure: why a sandboxed run failed', () => {
  const lines = [
    "fatal: unable to access 'https://github.com/x/y/': Could not resolve host: github.com",
    'npm error request to https://registry.npmjs.org/x failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org',
    'Error: getaddrinfo ENOTFOUND example.org',
    "WARNING: Retrying (Retry(total=0)) after connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection>: Failed to establish a new connection: [Errno -3] Temporary failure in name resolution')'",
    'connect: Network is unreachable',
    'dial tcp: lookup proxy.golang.org: no such host',
    'curl: (7) Failed to connect to 10.0.0.1 port 443',
  ];

  it.each(lines)('a network failure names --sandbox-network: %s', (stderr) => {
    expect(message({ stderr, sandboxed: true, networkBlocked: true })).toMatch(/\(the OS sandbox blocks the network for exec and test; a person can pass --sandbox-network/);
  });

  it('names the line that says why, not a trailing banner or log pointer (newcomer pass)', () => {
    const node = "[eval]:1\nthrow new Error('boom')\n^\n\nError: boom\n    at [eval]:1:7\n    at runScript (node:internal/x:1:1)\n\nNode.js v20.20.2\n";
    expect(message({ stderr: node })).toBe('exit code 1: Error: boom');
    const npm = 'npm error code ENOTCACHED\nnpm error request to https://registry.npmjs.org/x failed: cache mode is only-if-cached\nnpm error A complete log of this run can be found in: /tmp/x.log\n';
    expect(message({ stderr: npm })).toBe('exit code 1: npm error request to https://registry.npmjs.org/x failed: cache mode is only-if-cached');
    const missing = "node:internal/modules/cjs/loader:1\n  throw err;\n  ^\n\nError: Cannot find module '/w/num.js'\n    at Module._resolveFilename (node:internal)\n  code: 'MODULE_NOT_FOUND',\n  requireStack: []\n}\n\nNode.js v20.20.2\n";
    expect(message({ stderr: missing })).toBe("exit code 1: Error: Cannot find module '/w/num.js'");
    expect(message({ stderr: 'first\nthe real reason\n' })).toBe('exit code 1: the real reason');
  });

  it('no network hint when the network was not blocked, or without a sandbox', () => {
    const stderr = 'Could not resolve host: github.com';
    expect(message({ stderr, sandboxed: true })).not.toMatch(/--sandbox-network/);
    expect(message({ stderr })).not.toMatch(/--sandbox-network/);
    expect(message({ stderr: 'Error: boom', sandboxed: true, networkBlocked: true })).toBe('exit code 1: Error: boom');
  });

  it('a timeout of a network command with the network blocked says it may have waited for the network', () => {
    const timeout = { timedOut: true, exitCode: null, signal: 'SIGTERM', sandboxed: true, networkBlocked: true } as const;
    for (const command of ['npm view left-pad version', 'cd x && git fetch origin', 'pip install -r requirements.txt', '/usr/bin/curl -sS https://x']) {
      expect(message(timeout, command)).toMatch(/^timed out after 60s; the process group was killed \(if it was waiting for the network: the OS sandbox blocks/);
    }
    expect(message({ ...timeout, stdout: 'Connecting... getaddrinfo EAI_AGAIN x' }, 'node fetch.js')).toMatch(/--sandbox-network/);
    expect(message(timeout, 'sleep 100')).toBe('timed out after 60s; the process group was killed');
    expect(message({ ...timeout, networkBlocked: false }, 'npm view x')).toBe('timed out after 60s; the process group was killed');
  });

  it('a blocked write still gets the write hint', () => {
    expect(message({ stderr: 'x: Read-only file system', sandboxed: true, networkBlocked: true })).toMatch(/the OS sandbox lets commands write only inside the workspace/);
  });
});

describe('processFailure: hints that do not send a person down the wrong lead (newcomer26)', () => {
  it("python's FileNotFoundError is not a network failure (ENOTFOUND is matched as written)", () => {
    const stderr = "Traceback (most recent call last):\n  File \"/w/tools.py\", line 2, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: '/root/.ssh/id_rsa'\n";
    expect(message({ stderr, sandboxed: true, networkBlocked: true })).not.toMatch(/--sandbox-network/);
    expect(message({ stderr: 'Error: getaddrinfo ENOTFOUND example.org', sandboxed: true, networkBlocked: true })).toMatch(/--sandbox-network/);
  });

  it('a bare "Permission denied" (find / reading) gets the write hint only as a condition; a refused write gets it as the cause', () => {
    const read = message({ stderr: "find: '/proc/1/map_files': Permission denied\n", sandboxed: true, networkBlocked: true });
    expect(read).toContain('(if it was a write: the OS sandbox lets commands write only inside the workspace');
    for (const stderr of ['touch: cannot touch \'/usr/x\': Permission denied', 'bash: /usr/x: Read-only file system', "Error: EACCES: permission denied, mkdir '/opt/x'"]) {
      expect(message({ stderr, sandboxed: true, networkBlocked: true }), stderr).toContain('(the OS sandbox lets commands write only inside the workspace');
    }
  });
});
