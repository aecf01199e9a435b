// --glob for search: gitignore-style patterns on the path relative to --dir (as tree's --glob), several
// separated by commas or given as an array; `!pattern` excludes. As in ripgrep, the last pattern that
// matches decides; a path no pattern matches is kept only when every pattern is an exclusion.
import ignore from 'ignore';

// "*.ts, *.{js,jsx}" → ['*.ts', '*.{js,jsx}']: commas inside braces belong to the pattern.
export function splitGlobs(input: string | readonly string[] | undefined): string[] {
  if (input === undefined) return [];
  const items = typeof input === 'string' ? [input] : input;
  const globs: string[] = [];
  for (const item of items) {
    let depth = 0;
    let start = 0;
    for (let at = 0; at <= item.length; at += 1) {
      const char = item[at];
      if (char === '\\') at += 1;
      else if (char === '{') depth += 1;
      else if (char === '}' && depth > 0) depth -= 1;
      else if (at === item.length || (char === ',' && depth === 0)) {
        const glob = item.slice(start, at).trim();
        if (glob !== '' && glob !== '!') globs.push(glob);
        start = at + 1;
      }
    }
  }
  return globs;
}

function parts(glob: string): { negative: boolean; body: string } {
  return glob.startsWith('!') ? { negative: true, body: glob.slice(1) } : { negative: false, body: glob };
}

// gitignore rule: a slash at the start or in the middle anchors the pattern to the base folder.
function anchored(body: string): boolean {
  const inner = body.endsWith('/') ? body.slice(0, -1) : body;
  return inner.includes('/');
}

// ripgrep arguments for the globs. rg matches globs relative to its working directory (the workspace
// root), so anchored patterns get --dir in front. A positive pattern also selects everything below a
// folder it matches (`src` keeps `src/a.ts`, as in gitignore and tree), which rg needs spelled out.
export function ripgrepGlobArgs(globs: readonly string[], dirRel: string): string[] {
  const args: string[] = [];
  const prefix = dirRel === '' || dirRel === '.' ? '' : `${dirRel.replace(/[\\*?[\]{}!]/g, '\\$&')}/`;
  for (const glob of globs) {
    const { negative, body } = parts(glob);
    const isAnchored = anchored(body);
    const base = isAnchored ? `${prefix}${body.replace(/^\/+/, '')}` : body;
    args.push('--iglob', `${negative ? '!' : ''}${base}`);
    if (!negative && !base.endsWith('/**')) {
      const folder = base.replace(/\/+$/, '');
      args.push('--iglob', isAnchored ? `${folder}/**` : `**/${folder}/**`);
    }
  }
  return args;
}

// The comma-separated options of one brace group (empty ones kept: `ts{,x}` is ts and tsx).
function braceOptions(inner: string): string[] {
  const options: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at <= inner.length; at += 1) {
    const char = inner[at];
    if (char === '\\') at += 1;
    else if (char === '{') depth += 1;
    else if (char === '}' && depth > 0) depth -= 1;
    else if (at === inner.length || (char === ',' && depth === 0)) {
      options.push(inner.slice(start, at));
      start = at + 1;
    }
  }
  return options;
}

// `a{b,c}d` → ['abd', 'acd'] (node-ignore has no braces); nested braces expand recursively.
export function expandBraces(glob: string): string[] {
  let depth = 0;
  let open = -1;
  for (let at = 0; at < glob.length; at += 1) {
    const char = glob[at];
    if (char === '\\') {
      at += 1;
    } else if (char === '{') {
      if (depth === 0) open = at;
      depth += 1;
    } else if (char === '}' && depth > 0) {
      depth -= 1;
      if (depth === 0) {
        const options = braceOptions(glob.slice(open + 1, at));
        if (options.length < 2) continue; // `{a}` is literal, as in ripgrep
        const head = glob.slice(0, open);
        const tail = glob.slice(at + 1);
        return options.flatMap((option) => expandBraces(`${head}${option}${tail}`));
      }
    }
  }
  return [glob];
}

// The same selection as ripgrepGlobArgs, in JavaScript, for a path relative to --dir.
export function compileGlobFilter(globs: readonly string[]): ((inside: string) => boolean) | undefined {
  if (globs.length === 0) return undefined;
  const rules = ignore().add(globs.flatMap((glob) => {
    const { negative, body } = parts(glob);
    return expandBraces(body).map((one) => `${negative ? '!' : ''}${one}`);
  }));
  const hasPositive = globs.some((glob) => !glob.startsWith('!'));
  return (inside) => {
    const verdict = rules.test(inside);
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
    return !hasPositive;
  };
}
