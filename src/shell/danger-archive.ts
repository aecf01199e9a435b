// Copying tools that delete what they copied: `rsync --remove-source-files ~/ x`, `tar --remove-files
// -czf x.tgz ~`, `zip -rm x.zip ~`, and rsync --delete into a catastrophic target. Moving a home or
// system folder's content away is as catastrophic as deleting it.
import { longOption, parseArgs, shortFlag } from './danger-args.js';
import { catastrophicPath, type PathContext } from './danger-paths.js';
import type { Hit, RuleInput } from './danger-types.js';

function firstCatastrophe(paths: readonly string[], context: PathContext): string | undefined {
  for (const path of paths) {
    // Every caller deletes what it names: the workspace and its .git count (catastrophicPath).
    const hit = catastrophicPath(path, context, true);
    if (hit) return hit.description;
  }
  return undefined;
}

const RSYNC_VALUED_LONG = ['rsh', 'filter', 'exclude', 'include', 'temp-dir', 'compare-dest', 'link-dest', 'copy-dest', 'rsync-path', 'exclude-from', 'include-from', 'files-from', 'backup-dir', 'suffix', 'chmod', 'chown', 'usermap', 'groupmap', 'log-file', 'password-file', 'partial-dir', 'max-size', 'min-size', 'timeout', 'bwlimit', 'port'];

export function rsync({ words, context }: RuleInput): Hit | undefined {
  const { options, operands } = parseArgs(words, 'eBfTM', RSYNC_VALUED_LONG);
  const target = operands.length >= 2 ? operands[operands.length - 1] : undefined;
  if (options.some((token) => longOption(token, 'remove-source-files', 3) || longOption(token, 'remove-sent-files', 8))) {
    const what = firstCatastrophe(operands.slice(0, -1), context);
    if (what) return { rule: 'move-catastrophic', reason: `rsync --remove-source-files deleting ${what} after copying it` };
  }
  if (!options.some((token) => token.startsWith('--del'))) return undefined;
  const what = target ? firstCatastrophe([target], context) : undefined;
  return what ? { rule: 'rsync-delete-catastrophic', reason: `rsync --delete into ${what}` } : undefined;
}

// tar: the operands after the archive are the files; -C changes the folder they are relative to.
export function tar({ words, context }: RuleInput): Hit | undefined {
  const tokens = words.flatMap((word) => word.candidates.slice(0, 1));
  if (!tokens.some((token) => longOption(token, 'remove-files', 3))) return undefined;
  const { operands } = parseArgs(words, 'fCTXbgHKLNVF', ['file', 'directory', 'files-from', 'exclude-from', 'exclude', 'use-compress-program', 'to-command', 'transform', 'xform', 'owner', 'group', 'mode', 'mtime', 'newer', 'after-date', 'label', 'format', 'blocking-factor', 'tape-length', 'volno-file', 'info-script', 'new-volume-script', 'rsh-command', 'backup', 'suffix', 'checkpoint-action', 'index-file', 'level', 'listed-incremental', 'occurrence', 'record-size', 'sparse-version', 'starting-file', 'strip-components', 'warning', 'quoting-style', 'hole-detection', 'acls', 'xattrs-exclude', 'xattrs-include']);
  // Old-style `tar czf x.tgz ~`: the first operand is the bundled flags and the next the archive.
  const files = /^[a-zA-Z]*f[a-zA-Z]*$/.test(operands[0] ?? '') && !tokens[0]?.startsWith('-') ? operands.slice(2) : operands;
  const what = firstCatastrophe(files, context);
  return what ? { rule: 'move-catastrophic', reason: `tar --remove-files deleting ${what} after archiving it` } : undefined;
}

// zip -m / --move (also bundled: -rm, -mr): everything after the archive name is deleted once zipped.
export function zip({ words, context }: RuleInput): Hit | undefined {
  const { options, operands } = parseArgs(words, 'bnPtxiIZsO', ['temp-path', 'suffixes', 'password', 'exclude', 'include', 'compression-method', 'split-size', 'out', 'after-date', 'before-date', 'unicode']);
  if (!options.some((token) => shortFlag(token, /m/) || longOption(token, 'move', 3))) return undefined;
  const what = firstCatastrophe(operands.slice(1), context);
  return what ? { rule: 'move-catastrophic', reason: `zip -m deleting ${what} after zipping it` } : undefined;
}
