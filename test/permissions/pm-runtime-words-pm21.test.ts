// Red team round 20 (issue 26): `npm "$X" exec` with X=`--call=git push` got past `deny @coder exec git push`: a
// word only known at run time where a package manager (npm, npx, pnpm, yarn, bun) reads an option or its
// sub-command may change what the line runs. Such a word makes the line one only known at run time
// (dynamic-command, with a fix hint); operands after a sub-command written out follow the rules of today.
import { describe, expect, it } from 'vitest';
import { decideRows, DENY_PUSH, execDecider } from './helpers.js';

const decide = execDecider();

describe('a run-time word where a package manager reads an option or its sub-command', () => {
  it.each([
    // An option place (before the sub-command, or anywhere for npm's nopt).
    'npm "$X" exec', 'npm $X exec', 'npm "$X" test', 'npm * exec', 'npm "$(printf %s --call=git\\ push)" exec', 'npm `echo x` exec',
    'pnpm "$X" exec', 'yarn "$X" exec', 'pnpm -r "$X" git push', 'npm -w a "$X" git push',
    // The sub-command place: a word that may be `exec`, `x`, `dlx` at run time.
    'npm -- "$X" sh -c "git push"', 'npm e"$X" sh -c "git push"', 'npm ex* sh -c "git push"', 'npm x"$X" sh -c "git push"',
    'pnpm e"$X" sh -c "git push"', 'pnpm ex* sh -c "git push"', 'pnpm dl"$X" sh -c "git push"', 'yarn ex"$X" sh -c "git push"',
    'yarn e"$X" sh -c "git push"', 'pnpm -C sub e"$X" sh -c "git push"',
  ])('%s: a line only known at run time (asks, never allowed)', async (line) => {
    const result = await decide(line, DENY_PUSH);
    expect(result.decision).toBe('ask');
    expect(result.immune).toBe('dynamic-command');
  });

  it('the question names the sub-command place and the fix', async () => {
    expect((await decide('npm -- "$X" sh -c "git push"', DENY_PUSH)).reason).toContain('stands where its sub-command stands');
    expect((await decide('npm "$X" exec', DENY_PUSH)).reason).toContain('may be an option');
  });

  decideRows(decide, 'deny', 'written out: %s is refused', ['npm exec --call "git push"', 'npx -c "git push"', 'npm --call="git push" exec', 'pnpm exec git push', 'yarn exec "git push"']);

  // Operands after a sub-command written out: as today (npm reads options anywhere, so its operands are option
  // places; pnpm's, yarn's and bun's are the package or script names).
  decideRows(decide, 'allow', '%s is allowed as today', ['pnpm add "$PKG"', 'yarn add "$PKG"', 'bun add "$PKG"', 'pnpm test "$X"', 'pnpm run "$S"', 'bun run "$S"', 'npm run build -- "$X"', 'npm test', 'pnpm test', 'yarn test', 'npm ci', 'npx vitest run']);

  // The package is only known at run time, so its scripts cannot be judged against the deny rule (left25).
  decideRows(decide, 'ask', '%s asks under a deny rule (whose scripts run is only known at run time)', ['pnpm -C "$D" test', 'pnpm --filter "$F" test', 'npm -w "$W" test', 'npm --prefix="$P" test']);

  decideRows(decide, 'ask', '%s asks as today (npm reads options anywhere)', ['npm install "$PKG"', 'npm test "$X"', 'npm run "$S"']);
});
