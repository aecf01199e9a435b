// Red team R20-24 (issue 26): psql's meta-commands run shell text (`\!`, `\copy ... to program`, `\o |`) given with
// `-c`/`--command=`, and mysql's `\!`/`system` with `-e`: the same class as sqlite3's `.shell`. Each line was allowed.
import { describe, expect, it } from 'vitest';
import { execDecider } from './helpers.js';

const decide = execDecider();
const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];

describe('database clients running shell text from their arguments', () => {
  it.each([
    "psql -c '\\! git push origin'",
    "psql --command='\\! git push origin'",
    "psql -c 'select 1' -c '\\! git push origin'",
    'psql -c "\\copy (select 1) to program \'git push origin\'"',
    "psql -c 'select 1 \\g |git push origin'",
    "mysql -e '\\! git push origin'",
    "mysql -e 'select 1; system git push origin'",
  ])('deny git push*: %s is not allowed', async (line) => {
    expect((await decide(line, DENY)).decision).not.toBe('allow');
  });

  it.each(["psql -c '\\! rm -rf build'", "mariadb -e 'system rm -rf build'"])('the immune list under allow *: %s asks', async (line) => {
    expect((await decide(line, ['allow @coder exec *'])).decision).toBe('ask');
  });

  it.each(["psql -c 'select 1'", "psql -c '\\dt'", "mysql -e 'show tables'"])('ordinary: %s stays allowed', async (line) => {
    expect((await decide(line, DENY)).decision).toBe('allow');
  });
});
