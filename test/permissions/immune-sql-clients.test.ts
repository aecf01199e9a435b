// Red team R20-24 (issue 26): psql's meta-commands run shell text (`\!`, `\copy ... to program`, `\o |`) given with
// `-c`/`--command=`, and mysql's `\!`/`system` with `-e`: the same class as sqlite3's `.shell`. Each line was allowed.
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();

describe('database clients running shell text from their arguments', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    "psql -c '\\! git push origin'",
    "psql --command='\\! git push origin'",
    "psql -c 'select 1' -c '\\! git push origin'",
    'psql -c "\\copy (select 1) to program \'git push origin\'"',
    "psql -c 'select 1 \\g |git push origin'",
    "mysql -e '\\! git push origin'",
    "mysql -e 'select 1; system git push origin'",
  ]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', ["psql -c '\\! rm -rf build'", "mariadb -e 'system rm -rf build'"], ['allow @coder exec *']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ["psql -c 'select 1'", "psql -c '\\dt'", "mysql -e 'show tables'"]);
});
