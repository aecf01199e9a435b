import { commandNameVariants } from '../../args/aliases.js';
import type { Registry } from '../../engine/registry.js';

// Loads the definition the call's command word names (any spelling a model uses), so a cold call imports
// that command only. A call the word does not name (JSON, stdin, CLI text in one word, an entry point or a
// misspelling that earns a list of near names) loads every definition: those paths look at all of them.
export async function loadNamedCommand(registry: Registry, token: string | undefined): Promise<void> {
  if (token !== undefined && !token.trimStart().startsWith('{')) {
    for (const variant of commandNameVariants(token)) if (await registry.load(variant)) return;
  }
  await registry.loadAll();
}
