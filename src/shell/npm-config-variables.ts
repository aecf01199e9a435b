// npm reads every one of its options from the environment as `npm_config_<key>` (any case; `_` for `-`, red team
// R20-7): `npm_config_call='CMD' npm exec` runs CMD as `npm exec --call=CMD` does, `npm_config_script_shell=X npm run s`
// runs X. pnpm and yarn 1 read the same variables. Each one set on the command is read as the option
// `--key=value` right after the program's name (option-variables.ts), so npm's option grammar, its launch table,
// the deny rules and the immune list meet it; a value only known at run time is a word of no known value there.
const NPM_FAMILY = new Set(['npm', 'npx', 'pnpm', 'pnpx', 'yarn']);

// The option word of one variable for `program`, or undefined when it is not an npm configuration variable.
// A value only known at run time keeps its option (`--call=` then the run-time part: `npm exec --call="$X"`).
export function npmConfigWord(program: string, name: string, value: string, dynamic: boolean): { value: string; known: boolean; prefix?: string } | undefined {
  const key = NPM_FAMILY.has(program) ? /^npm_config_(.+)$/i.exec(name)?.[1] : undefined;
  if (key === undefined) return undefined;
  const option = `--${key.toLowerCase().replace(/(?!^)_/g, '-')}=`;
  return dynamic ? { value: `$${name}`, known: false, prefix: option } : { value: option + value, known: true };
}
