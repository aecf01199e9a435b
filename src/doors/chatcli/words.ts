import { callsAs } from '../../engine/call-words.js';
import type { Envelope } from '../../engine/envelope.js';
import type { Registry } from '../../engine/registry.js';
import { PLUGIN_NAME } from './plugin.js';

// A plugin call's result in the caller's words (issue 28, F12): ChatCLI's model calls `@coder write`, so a
// help page or a command the result names is `@coder write --help`, not `codeward write --help` (a binary the
// model never calls). The error's message and the warnings; the data is the command's own.
export function inPluginWords(envelope: Envelope, registry: Registry): Envelope {
  const callable = new Set(registry.names());
  const words = (text: string): string => callsAs(text, PLUGIN_NAME, callable);
  const warnings = envelope.warnings.map(words);
  return envelope.ok ? { ...envelope, warnings } : { ...envelope, error: { ...envelope.error, message: words(envelope.error.message) }, warnings };
}
