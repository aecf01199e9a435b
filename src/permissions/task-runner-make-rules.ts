// A Makefile's rule lines and their recipes, for the one make reader (task-runner-make.ts): no other module reads
// makefile rules (test/lint/make-one-reader.test.ts).

export interface MakeRule {
  readonly target: string;
  readonly at: number;
  readonly prerequisites: readonly string[];
}

export function rulesOf(lines: readonly string[]): MakeRule[] {
  return lines.flatMap((line, at) => {
    const found = /^([^\s:#=][^:#=]*?)\s*::?(?!=)(.*)$/.exec(line);
    if (!found) return [];
    const prerequisites = found[2]!.split(/[|;#]/)[0]!.split(/\s+/).filter(Boolean);
    return found[1]!.split(/\s+/).map((target) => ({ target, at, prerequisites }));
  });
}

export function recipeOf(lines: readonly string[], rule: MakeRule): string[] {
  const recipe: string[] = [];
  const inline = /;(.*)$/.exec(lines[rule.at]!.split('#')[0]!)?.[1]?.trim();
  if (inline) recipe.push(inline);
  for (let at = rule.at + 1; at < lines.length && (lines[at]!.startsWith('\t') || lines[at]!.trim() === ''); at++) if (lines[at]!.trim() !== '') recipe.push(lines[at]!.trim());
  return recipe;
}
