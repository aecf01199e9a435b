// Programs whose options (or operands) can run a command, read for a word only known at run time (red team R21-3):
// `gdb $X` (X=`-ex=!rm -r build`), `sqlite3 $X db` (`-cmd .shell ..`), `psql $X` (`-c \! ..`), `mysql $X` (`-e 'system
// ..'`), `socat $X -` (`EXEC:..`), `gpg $X` (`--photo-viewer ..`), `wget $X` (`--use-askpass=..`), `openssl $X`
// (`-engine ./x.so`). One row per program: the option words whose next word is only their value (`psql -h "$HOST"`
// stays an ordinary line). Any other run-time word may be such an option, or an operand the program runs (socat's
// address, sqlite3's SQL with `.shell`), and is a line only known at run time. A run-time tail in an option word
// (`-u$U`, `--host=$H`) is that option's value.
import type { Launch } from './parse-launchers.js';
import { mayBeOption, runtimeOption } from './parse-launch-runtime.js';
import type { WordLike } from './parse-wrappers.js';

const CLIENT = ['-h', '--host', '-p', '--port', '-U', '-u', '--user', '--username', '-d', '--dbname', '--database', '-D', '-f', '--file', '-P', '--pset', '-v', '--set', '--variable', '-o', '--output', '-L', '--log-file', '-S', '--socket'];
const VALUED: Readonly<Record<string, readonly string[]>> = {
  gdb: ['-p', '-pid', '--pid', '-c', '-core', '--core', '-d', '-directory', '--directory', '-cd', '--cd', '-se', '-s', '-symbols', '-e', '-exec', '-tty', '-b', '-l'],
  sqlite3: ['-separator', '-newline', '-nullvalue', '-vfs', '-maxsize', '-pagecache', '-lookaside', '-mmap'],
  psql: CLIENT,
  mysql: CLIENT,
  mariadb: CLIENT,
  socat: ['-d', '-L', '-W', '-b', '-t', '-T', '-lf', '-lp'],
  gpg: ['-o', '--output', '-u', '--local-user', '-r', '--recipient', '-R', '--hidden-recipient', '--homedir', '--default-key', '--keyserver', '--trust-model', '-z', '--compress-level', '--keyring', '--secret-keyring', '--passphrase', '--passphrase-file', '--passphrase-fd', '--status-fd', '--logger-fd', '--pinentry-mode', '--cipher-algo', '--digest-algo', '--recv-keys', '--send-keys'],
  gpg2: [],
  wget: ['-o', '--output-file', '-a', '--append-output', '-O', '--output-document', '-P', '--directory-prefix', '-U', '--user-agent', '-T', '--timeout', '-t', '--tries', '-w', '--wait', '-Q', '--quota', '-l', '--level', '-A', '--accept', '-R', '--reject', '-D', '--domains', '-I', '-X', '-B', '--base', '-i', '--input-file', '--header', '--user', '--password'],
  openssl: ['-in', '-out', '-inform', '-outform', '-key', '-keyform', '-cert', '-CAfile', '-CApath', '-CA', '-CAkey', '-passin', '-passout', '-pass', '-subj', '-days', '-config', '-extfile', '-extensions', '-name', '-newkey', '-set_serial', '-signkey', '-connect', '-servername', '-port', '-md', '-digest', '-sigopt', '-pkeyopt', '-algorithm', '-text_out'],
};

// The launches of run-time words where such an option or operand may stand; undefined when the program is not
// listed or the line has none (its other readers answer).
export function runtimeProgramLaunches(key: string, words: readonly WordLike[]): Launch[] | undefined {
  const valued = Object.hasOwn(VALUED, key) ? VALUED[key]! : undefined;
  if (valued === undefined) return undefined;
  const all = key === 'gpg2' ? VALUED.gpg! : valued;
  const out: Launch[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word.lead === undefined) {
      if (all.includes(word.value)) i++;
      continue;
    }
    // A run-time tail of an option word (`-u$U`, `--host=$H`) is its value; socat's address may run its tail.
    if (!mayBeOption(word) && !(key === 'socat' && /^(?:exec|system)/i.test(word.lead))) continue;
    out.push(runtimeOption(key, word, 'may be an option or an operand that runs a command'));
  }
  return out.length > 0 ? out : undefined;
}
