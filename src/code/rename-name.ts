// The names rename-symbol accepts as --to: one identifier of the defining file's language, not a reserved
// word. Checked with the arguments, before any path is touched or any approval is asked.
import { fail } from '../engine/errors.js';
import { languageOf, type LanguageId } from './languages.js';

const JS_RESERVED = 'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await async of undefined NaN Infinity arguments eval';
const PY_RESERVED = 'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield';
const GO_RESERVED = 'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var';

const RESERVED: Partial<Record<LanguageId, ReadonlySet<string>>> = {
  javascript: new Set(JS_RESERVED.split(' ')), typescript: new Set(JS_RESERVED.split(' ')), tsx: new Set(JS_RESERVED.split(' ')),
  python: new Set(PY_RESERVED.split(' ')), go: new Set(GO_RESERVED.split(' ')),
};

// Refuses a NEW that the language of `file` does not read as one identifier.
export function checkIdentifier(file: string, name: string): void {
  const language = languageOf(file)?.id;
  const js = language === 'javascript' || language === 'typescript' || language === 'tsx';
  const shape = js ? /^[A-Za-z_$][\w$]*$/ : /^[A-Za-z_][A-Za-z0-9_]*$/;
  if (!shape.test(name)) throw fail('C210', `--to ${JSON.stringify(name)} is not an identifier of ${language ?? 'this language'} (letters, digits and _${js ? ', $' : ''}; not starting with a digit)`);
  if (language !== undefined && RESERVED[language]?.has(name) === true) throw fail('C210', `--to ${name} is a reserved word of ${language}: pick another name`);
}

