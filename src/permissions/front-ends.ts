// Programs that exec another program with the same words (red team R17-14): `hub ARGS` runs `git ARGS` (the planner
// reads its line as git's: parse-launchers.ts), so deny and ask rules on git meet it (canonical-runners.ts) and a
// read-only git line it starts is git's own (readonly.ts). A leaf module: the read-only list loads it cold.
export const SAME_WORDS: Readonly<Record<string, string>> = { hub: 'git' };

// The program `wrapper` execs with the same words, when `name` is that program (`git` under `hub`).
export const sameWordsOf = (wrapper: string | undefined, name: string): boolean => wrapper !== undefined && Object.hasOwn(SAME_WORDS, wrapper) && SAME_WORDS[wrapper] === name;
