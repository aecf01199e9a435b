// What a person reads about `--sandbox off`'s write jail (write-jail.ts): the question, the warning, the hint
// of a refused write. A module of its own: the approval question loads no sandbox code.
export const JAIL_WORDS = 'writes jailed to the workspace and your sandboxWritable folders; /tmp is private';
export const JAIL_FIX = 'to let it write a folder outside, add the folder to "sandboxWritable" in ~/.codeward/config.json (or use codeward\'s file tools)';
