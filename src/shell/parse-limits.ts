// How many values the parser keeps for one word (a loop's variable, a brace expansion, a substitution's
// output). Its own module: the permission rules' canonical reading needs the number without loading the parser
// (a cold `read` loads no shell parser: test/bin/lazy-start).
export const MAX_CANDIDATES = 16;
