// The path jail and its helpers.
export { Workspace } from './workspace.js';
export { DEFAULT_NON_ACCESSIBLE_GLOBS, type Access, type PathKind, type ResolvedPath, type WorkspaceOptions } from './types.js';
export { isInside, toRel } from './contains.js';
export { expandPath, type ExpandOptions } from './expand.js';
export { compileNonAccessible, type RelMatcher } from './globs.js';
export { isSensitivePath, SENSITIVE_SYSTEM_PATHS } from './sensitive.js';
export { openVerified } from './open.js';
export { Beneath, HANDLES_AVAILABLE, type DirHandle } from './beneath.js';
export { resolveReal, type RealResult } from './realpath.js';
export { notAccessible, escapes, changed, fsRefusal } from './refusals.js';
export { readOwnFile, listOwnFolder, readUserFile, listUserFolder, type OwnRead, type OwnReadOptions } from './own-read.js';
