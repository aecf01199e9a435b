// Public API of codeward as a library: build an engine and run calls through it.
export { createEngine, type CreateEngineOptions } from './setup.js';
export { Engine, type EngineHooks, type EngineOptions, type PreparedCall, type JailedTouch, type RunOptions } from './engine/engine.js';
export { Registry } from './engine/registry.js';
export { builtinCommands } from './commands/index.js';
export { defineCommand, type AnyCommand, type CommandContext, type CommandDefinition, type Effect, type Touch } from './engine/command.js';
export { loadConfig, defaultConfig, type Config } from './engine/config.js';
export { wireEnvelope, type Envelope } from './engine/envelope.js';
export { CodewardError, isCodewardError, ERROR_CODES, type ErrorCode } from './engine/errors.js';
export { Workspace } from './workspace/workspace.js';
export { VERSION } from './version.js';
export { atomicWrite, ensureParentDirs, type AtomicWriteOptions } from './files/atomic-write.js';
export { decodeText, encodeText, adaptNewText, countLines, detectEol, type TextDoc, type TextEncoding, type LineEnding, type AdaptedText } from './files/text.js';
export { isCodeFile, normalizeQuotes } from './files/quotes.js';
export { backupPath, createBackup, restoreBackup, type RestoredBackup } from './files/backup.js';
export { readHead, readTail, readLines, type RangeRead } from './files/read-range.js';
