import { describe, expect, it } from 'vitest';
import { TEAM_DEFAULTS, teamSettings } from '../../../src/agent/agents/settings.js';
import { c210 } from '../../helpers/errors.js';

describe('teamSettings', () => {
  it('uses the defaults without variables (or with empty ones)', () => {
    expect(TEAM_DEFAULTS).toEqual({ parallel: true, maxWorkers: 4, timeoutMs: 600_000, maxTurns: 30, maxDepth: 2 });
    expect(teamSettings({})).toEqual(TEAM_DEFAULTS);
    expect(
      teamSettings({
        CODEWARD_AGENT_PARALLEL: '',
        CODEWARD_AGENT_MAX_WORKERS: ' ',
        CODEWARD_AGENT_WORKER_TIMEOUT: '',
        CODEWARD_AGENT_WORKER_MAX_TURNS: '',
        CODEWARD_AGENT_MAX_DEPTH: '',
      }),
    ).toEqual(TEAM_DEFAULTS);
  });

  it('reads CODEWARD_AGENT_PARALLEL as a boolean', () => {
    for (const off of ['false', '0', 'no', ' FALSE ']) expect(teamSettings({ CODEWARD_AGENT_PARALLEL: off }).parallel, off).toBe(false);
    for (const on of ['true', '1', 'yes', 'True']) expect(teamSettings({ CODEWARD_AGENT_PARALLEL: on }).parallel, on).toBe(true);
  });

  it('reads each number, the timeout in seconds', () => {
    const settings = teamSettings({
      CODEWARD_AGENT_MAX_WORKERS: '8',
      CODEWARD_AGENT_WORKER_TIMEOUT: '90',
      CODEWARD_AGENT_WORKER_MAX_TURNS: ' 12 ',
      CODEWARD_AGENT_MAX_DEPTH: '0',
    });
    expect(settings).toEqual({ parallel: true, maxWorkers: 8, timeoutMs: 90_000, maxTurns: 12, maxDepth: 0 });
  });

  it('changes only the variable that is set', () => {
    expect(teamSettings({ CODEWARD_AGENT_MAX_WORKERS: '1' })).toEqual({ ...TEAM_DEFAULTS, maxWorkers: 1 });
    expect(teamSettings({ CODEWARD_AGENT_WORKER_TIMEOUT: '1' })).toEqual({ ...TEAM_DEFAULTS, timeoutMs: 1000 });
    expect(teamSettings({ CODEWARD_AGENT_WORKER_MAX_TURNS: '500' })).toEqual({ ...TEAM_DEFAULTS, maxTurns: 500 });
    expect(teamSettings({ CODEWARD_AGENT_MAX_DEPTH: '8' })).toEqual({ ...TEAM_DEFAULTS, maxDepth: 8 });
  });

  it('refuses a bad value with C210 naming the variable and the value', () => {
    const cases: [string, string][] = [
      ['CODEWARD_AGENT_PARALLEL', 'maybe'],
      ['CODEWARD_AGENT_MAX_WORKERS', '0'],
      ['CODEWARD_AGENT_MAX_WORKERS', '65'],
      ['CODEWARD_AGENT_MAX_WORKERS', 'four'],
      ['CODEWARD_AGENT_WORKER_TIMEOUT', '1.5'],
      ['CODEWARD_AGENT_WORKER_TIMEOUT', '0'],
      ['CODEWARD_AGENT_WORKER_MAX_TURNS', '-3'],
      ['CODEWARD_AGENT_WORKER_MAX_TURNS', '501'],
      ['CODEWARD_AGENT_MAX_DEPTH', '9'],
      ['CODEWARD_AGENT_MAX_DEPTH', '1e1'],
    ];
    for (const [name, value] of cases) {
      const message = c210(() => teamSettings({ [name]: value }));
      expect(message, `${name}=${value}`).toContain(`${name}=${value}`);
    }
    expect(c210(() => teamSettings({ CODEWARD_AGENT_MAX_WORKERS: '0' }))).toContain('from 1 to 64');
    expect(c210(() => teamSettings({ CODEWARD_AGENT_PARALLEL: 'maybe' }))).toContain('true or false');
  });
});
