// The floor of a search CLI written in Node: `node bench/floor/search.mjs RG_PATH CWD ARGS_JSON` starts,
// runs rg-lines.mjs's search and prints the matches as one JSON line. bench/search.mjs times it beside
// codeward and raw rg: what the process start, the spawn and the JSON cost before any engine work.
import { searchWithRipgrep } from './rg-lines.mjs';

const [rgPath, cwd, args] = process.argv.slice(2);
const matches = await searchWithRipgrep(rgPath, cwd, JSON.parse(args));
process.stdout.write(`${JSON.stringify({ ok: true, cmd: 'search', data: { matches } })}\n`);
