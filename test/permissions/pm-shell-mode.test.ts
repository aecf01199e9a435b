// Red team R20-13 (issue 26): a package manager's own shell-mode forms run their operand as shell text: `pnpm -c exec
// 'CMD'` (pnpm's documented spelling, `-c` before the sub-command; `-rc`, `--shell-mode`), `yarn exec 'CMD'` (yarn 2+
// runs it as a portable-shell script), `bun exec 'CMD'` (Bun Shell). They were allowed past `deny git push*` and the
// immune list; the words after `exec` are now read as a shell line (src/shell/parse-launch-pm.ts).
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();

describe('the shell text of a package manager\'s shell-mode exec meets the rules', () => {
  decideRows(decide, 'deny', 'deny git push*: %s is refused', [
    "pnpm -c exec 'git push origin'", "pnpm -rc exec 'git push origin'", "pnpm -r -c exec 'git push origin'", "pnpm --recursive --shell-mode exec 'git push origin'",
    "pnpm --shell-mode exec 'git push origin'", "pnpm --filter web -c exec 'git push origin'", "yarn exec 'git push origin'", "bun exec 'git push origin'",
    "yarn --cwd web exec 'true; git push origin'",
  ]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', ["pnpm -c exec 'rm -rf build'", "pnpm -rc exec 'rm -rf build'", "yarn exec 'git reset --hard'", "bun exec 'rm -rf build'"], ['allow @coder exec *']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ["pnpm -c exec 'eslint .'", 'pnpm exec tsc', 'yarn exec tsc', "bun exec 'echo hi'", "pnpm --shell-mode=false exec 'git status'", 'pnpm install']);
});
