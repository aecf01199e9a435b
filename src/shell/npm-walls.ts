// npm's own multi-line warnings in a command's output, each folded into one line that says the same (issue
// 28): npm (>= 11.18) does not run the install scripts of packages its `allowScripts` does not cover and
// prints a block of `npm warn install-scripts` lines about it, a wall in every `npm install` a model runs.

// eslint-disable-next-line no-control-regex -- colour codes npm may put around its prefix
const SGR = /\x1b\[[0-9;]*m/g;
const WALL_LINE = /^npm warn install-scripts\b ?(.*)$/i;
// `  core-js@2.6.12 (postinstall: node -e "...")` → core-js@2.6.12, postinstall.
const PACKAGE_LINE = /^\s+(\S+@\S+)\s+\(([a-z]+)(?::|\))/;
const SHOWN = 5;

// The one line a block of install-scripts warnings stands for (the packages named, their scripts' kinds).
function foldedWall(block: readonly string[]): string {
  const packages = block.flatMap((line) => {
    const found = PACKAGE_LINE.exec(line);
    return found ? [`${found[1]!} (${found[2]!})`] : [];
  });
  const named = packages.length === 0 ? '' : `: ${packages.slice(0, SHOWN).join(', ')}${packages.length > SHOWN ? ` and ${packages.length - SHOWN} more` : ''}`;
  const count = packages.length === 0 ? 'some packages' : `${packages.length} package${packages.length === 1 ? '' : 's'}`;
  return `npm did not run the install scripts of ${count} (not covered by package.json's allowScripts)${named}; \`npm install-scripts ls\` reviews them, \`npm install-scripts approve <pkg>\` allows one`;
}

// `text` with each run of `npm warn install-scripts` lines replaced by one line.
export function foldNpmWalls(text: string): string {
  if (!/install-scripts/i.test(text)) return text;
  const out: string[] = [];
  let block: string[] = [];
  const flush = (): void => {
    if (block.length > 0) out.push(foldedWall(block));
    block = [];
  };
  for (const line of text.split('\n')) {
    const found = WALL_LINE.exec(line.replace(SGR, ''));
    if (found) block.push(found[1]!);
    else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out.join('\n');
}
