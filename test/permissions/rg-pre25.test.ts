// left25 (dyn23 LEFT 2): rg `--pre=PROG` runs PROG on every file it searches (`rg --pre=rm x src` removes each one),
// so the line asks under `allow *`; rg's ordinary lines, a run-time pattern (`rg "$PAT" src`) among them, stay free.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

const box = immunityBox({ 'build/x': '', 'src/a.ts': '1\n' });
const decide = async (line: string): Promise<{ decision: string; source: string }> => {
  const result = await explain(await policyWith(box(), ['allow *']), `@coder exec ${line}`);
  return { decision: result.decision, source: result.source };
};

describe('rg --pre', () => {
  test.each(['rg --pre=rm x src', 'rg --pre rm x src', 'rg -i --pre=./tools/p --pre-glob "*.pdf" x', 'X=--pre=rm; rg "$X" src', 'rg x src --pre=rm'])('asks: %s', async (line) => {
    expect(await decide(line)).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each(['rg x src', 'rg "$PAT" src', 'rg -n --hidden -g "*.ts" foo', 'rg --pre-glob "*.pdf" x', 'rg --no-pre x'])('free: %s', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
});
