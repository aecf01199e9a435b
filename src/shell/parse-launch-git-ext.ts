// git's ext:: transport (red team R21-3): `git -c protocol.ext.allow=always fetch 'ext::sh -c rm% -r% build'` runs
// `sh -c 'rm -r build'`. git-remote-ext splits the URL's text at unescaped spaces into the program's words: `% ` is
// a space, `%%` a percent sign, `%s`/`%S` the service name, `%G`/`%V` a git:// header option (no word). The URL may
// stand anywhere git reads one: an operand (fetch, ls-remote, clone, push, remote add, submodule add), a `-c
// remote.NAME.url=ext::..` value, or the base of `url.ext::...insteadOf=NAME`. Each such text is judged as the argv
// it is, whatever the protocol settings (git refuses ext:: unless allowed, but allowing it is one more word), and a
// URL part only known at run time makes it a line only known at run time.
import { argvText } from './parse-launch-options.js';
import type { Launch } from './parse-launchers.js';
import type { WordLike } from './parse-wrappers.js';

const EXT = /ext::/i;

// The words of an ext:: command text; undefined when its escapes are not ones git reads (it refuses the URL).
export function extWords(text: string): string[] | undefined {
  const out: string[] = [];
  let word = '';
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === ' ') {
      if (started) out.push(word);
      word = '';
      started = false;
      continue;
    }
    started = true;
    if (ch !== '%') {
      word += ch;
      continue;
    }
    const next = text[++i];
    if (next === ' ' || next === '%') word += next;
    else if (next === 's') word += 'upload-pack';
    else if (next === 'S') word += 'git-upload-pack';
    else if (next === 'G' || next === 'V') {
      // `%G<repo>` / `%V<host>`: the rest of the word is a header value, not an argument.
      while (i + 1 < text.length && text[i + 1] !== ' ') i++;
      started = word !== '';
    } else return undefined;
  }
  if (started) out.push(word);
  return out;
}

// The launches of every ext:: URL in git's words (the transport options are git-program-options.ts').
export function gitExtLaunches(words: readonly WordLike[]): Launch[] {
  const out: Launch[] = [];
  for (const word of words.slice(1)) {
    const at = word.value.search(EXT);
    if (at < 0) continue;
    let text = word.value.slice(at + 'ext::'.length);
    // `url.ext::CMD.insteadOf=NAME`: the URL is the key's base.
    const insteadOf = /\.(?:push)?insteadof=/i.exec(text);
    if (insteadOf !== null && /url\.$/i.test(word.value.slice(0, at))) text = text.slice(0, insteadOf.index);
    const argv = word.dynamic ? undefined : extWords(text);
    if (argv === undefined || argv.length === 0) {
      out.push({ kind: 'text', text: word.value, runtime: `git's ext:: URL \`${word.value}\` runs a command codeward cannot read` });
      continue;
    }
    out.push({ kind: 'text', text: argvText(argv.map((value) => ({ value, dynamic: false }))) });
  }
  return out;
}
