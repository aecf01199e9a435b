// The argument layer: every call form (argv, CLI text, JSON text, JSON object) → command + raw args.
export { parseCall, type CallInput, type ParsedCall } from './parse-call.js';
export { recoverJson, type RecoveredJson } from './recover-json.js';
export { tokenize } from './tokenize.js';
export { resolveCommand, resolveFlag, type ResolvedFlag } from './aliases.js';
export { coerceFlag } from './flags.js';
