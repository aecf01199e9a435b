import { describe, expect, it } from 'vitest';
import { parsePlan } from '../../../src/agent/tasks/plan.js';

describe('parsePlan', () => {
  it('reads `1.`, `1)` and `1 -` lines, trimmed, in order', () => {
    expect(parsePlan('Plan:\n  1. Read files\n2) Apply patch  \n3 - Run tests\n')).toEqual([
      { description: 'Read files', checked: false },
      { description: 'Apply patch', checked: false },
      { description: 'Run tests', checked: false },
    ]);
  });

  it.each([
    ['a year starting a sentence', '2024 was a good year'],
    ['a number glued to text', '1x faster'],
    ['a decimal', '3.5 hours estimated'],
    ['a number and a dash without spaces', '2-3 files change'],
    ['a bare number', '42'],
    ['a bullet', '- Read files'],
    ['a number with an empty item', '1. '],
    ['a number and an empty checkbox only', '1. [ ]'],
  ])('does not take %s as a task', (_title, line) => {
    expect(parsePlan(line)).toEqual([]);
  });

  it.each([
    ['[ ]', false],
    ['[]', false],
    ['[x]', true],
    ['[X]', true],
    ['[✓]', true],
    ['[✔]', true],
  ])('strips a leading %s checkbox (checked: %s)', (box, checked) => {
    expect(parsePlan(`1. ${box} Read files`)).toEqual([{ description: 'Read files', checked }]);
  });

  it('reads a checkbox written before the number', () => {
    expect(parsePlan('[x] 1. Read files\n[ ] 2. Fix')).toEqual([
      { description: 'Read files', checked: true },
      { description: 'Fix', checked: false },
    ]);
  });

  it('keeps brackets that are not a checkbox', () => {
    expect(parsePlan('1. [WIP] refactor')).toEqual([{ description: '[WIP] refactor', checked: false }]);
  });

  it('handles CRLF line endings', () => {
    expect(parsePlan('1. a\r\n2. b\r\n').map((task) => task.description)).toEqual(['a', 'b']);
  });
});
