import type { TaskFolder } from './task-runner-files.js';
import { unreadConstruct } from './task-runner-make-grammar.js';

// The lines make reads for a Makefile (task-runner-make.ts): `\`-continued lines joined, comment lines dropped, the
// included makefiles of the project read in place (`include`/`-include`/`sinclude` of literal names, from the make
// folder), `define` blocks taken out (their names: variables whose value is not read), and `SHELL`/`.SHELLFLAGS`
// kept only for a sh-family shell run with `-c`. Anything else that changes what make reads or how it runs a
// recipe (a computed include, an immediate `define`, another shell, a `.DEFAULT_GOAL` other than one plain name,
// `.RECIPEPREFIX`, the constructs of task-runner-make-grammar.ts' unreadConstruct) is unknown.

const MAX_INCLUDES = 16;
const INCLUDE = /^\s*(-?include|sinclude)\s+(.*)$/;
const DEFINE = /^\s*(?:override\s+|export\s+)*define\s+([A-Za-z_][\w.-]*)\s*(=|:=|::=|:::=|!=|\+=|\?=)?\s*$/;
const SHELLS = /^(?:\/usr)?\/bin\/(?:ba|z|da)?sh$|^(?:ba|z|da)?sh$|^\/usr\/bin\/env\s+(?:ba|z|da)?sh$/;
const SETTING = /^\s*(?:override\s+|export\s+)?(SHELL|\.SHELLFLAGS|\.DEFAULT_GOAL|\.RECIPEPREFIX)\s*(?:::?=|:::=|\?=|\+=|!=|=)\s*(.*?)\s*$/;

export interface MakeText {
  readonly lines: string[];
  // Variables set by a `define` block (value not read).
  readonly defined: string[];
  // The makefiles included (make remakes one a rule names: checked by the reader).
  readonly included: string[];
  // The goal `.DEFAULT_GOAL = NAME` names (one plain name, set once).
  defaultGoal?: string;
  readonly unknown?: string;
}

const split = (raw: string): string[] => raw.replace(/\\\n[ \t]*/g, ' ').split('\n').filter((line) => !/^ *#/.test(line));

export function makeText(folder: TaskFolder, raw: string): MakeText {
  const out: MakeText = { lines: [], defined: [], included: [] };
  const unknown = add(folder, split(raw), out, 0);
  return unknown === undefined ? out : { ...out, unknown };
}

function add(folder: TaskFolder, lines: readonly string[], out: MakeText, depth: number): string | undefined {
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    if (line.startsWith('\t')) {
      out.lines.push(line);
      continue;
    }
    const define = DEFINE.exec(line);
    if (/^\s*(?:override\s+|export\s+)*define\b/.test(line)) {
      if (!define || (define[2] !== undefined && define[2] !== '=' && define[2] !== '?=')) return `\`${line.trim()}\` (a multi-line variable expanded while the Makefile is read)`;
      out.defined.push(define[1]!);
      while (at < lines.length && !/^\s*endef\b/.test(lines[at]!)) at++;
      continue;
    }
    const unread = unreadConstruct(line);
    if (unread !== undefined) return unread;
    const setting = SETTING.exec(line);
    // `.DEFAULT_GOAL := deploy`: one plain name set once is read; appended, computed or set again is not.
    const goal = /^\s*\.DEFAULT_GOAL\s*(?:::?=|:::=|=)\s*([^\s$`#]+)\s*$/.exec(line);
    if (goal && out.defaultGoal === undefined) {
      out.defaultGoal = goal[1]!;
      continue;
    }
    if (setting && !(setting[1] === 'SHELL' && SHELLS.test(setting[2]!)) && !(setting[1] === '.SHELLFLAGS' && /^(?:-[A-Za-z]+\s+(?:pipefail\s+)?)*-[A-Za-z]*c$/.test(setting[2]!))) return `\`${line.trim()}\` (another shell or goal)`;
    const include = INCLUDE.exec(line);
    if (!include) {
      out.lines.push(line);
      continue;
    }
    const names = include[2]!.replace(/\s+#.*$/, '').trim().split(/\s+/).filter(Boolean);
    const computed = names.find((name) => /[$`*?[\]{}~]/.test(name));
    if (computed !== undefined) return `\`${line.trim()}\` includes ${computed}, a name only known at run time`;
    for (const name of names) {
      if (out.included.length >= MAX_INCLUDES) return `more than ${MAX_INCLUDES} included makefiles`;
      out.included.push(name);
      const text = folder.wordText(name);
      if (text === 'unreadable') return `the included ${name} cannot be read whole (or is reached through a part codeward cannot follow)`;
      if (text === 'absent') {
        if (include[1] === 'include') return `the included ${name} is not there (make looks in other folders or remakes it)`;
        continue;
      }
      const why = depth >= MAX_INCLUDES ? `includes nested deeper than ${MAX_INCLUDES}` : add(folder, split(text), out, depth + 1);
      if (why !== undefined) return why;
    }
  }
  return undefined;
}
