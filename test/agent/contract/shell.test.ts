import { describe, expect, it } from 'vitest';
import { commandOf, isLooseShellLine } from '../../../src/agent/contract/shell.js';

describe('isLooseShellLine', () => {
  it.each([
    '$ npm test',
    '$ ./scripts/build.sh --fast',
    '> go test ./...',
    '>go vet',
    '> make',
    '> make test',
    '> find . -name "*.ts"',
    '> cat package.json',
    '> npm run lint',
    '> ./run.sh',
    '> git status',
    'run: make',
    'Run: npm test',
    'run:cargo build',
  ])('flags %j', (line) => {
    expect(isLooseShellLine(line)).toBe(true);
  });

  it.each([
    '# Summary',
    '## npm test results',
    '$5 per seat',
    '$ 5 per seat',
    '$ Total',
    '> Note: the tests pass.',
    '> make sure the tests pass',
    '> make sure.',
    '> go to the settings page',
    '> find the bug first',
    '> Make test',
    '>> git status',
    '>',
    'run: the tests again',
    'I will run: nothing',
    'npm test',
    '- `$ npm test`',
  ])('leaves %j alone', (line) => {
    expect(isLooseShellLine(line)).toBe(false);
  });

  it('strips the prompt marker to get the command', () => {
    expect(commandOf('$ npm test')).toBe('npm test');
    expect(commandOf('  > go test ./...')).toBe('go test ./...');
    expect(commandOf('Run: make build')).toBe('make build');
  });
});
