import type { Call } from './unconfined-install-options.js';

// The system's package managers with no OS sandbox (red team R15-15: `dpkg -i x.deb` ran under --yes, and
// as root its maintainer scripts run). Each is read by its own grammar, failing closed: an action that is
// not one of its queries changes the system (apt, dnf, yum, brew, snap, flatpak, port and zypper spell it
// `install`/`remove`, which the unknown-program row of unconfined-installs.ts catches).

const short = (word: string): string => (/^-[A-Za-z]/.test(word) ? word.slice(1) : '');

// dpkg's actions that only read (or extract into a folder the path checks of unconfined.ts judge).
const DPKG_READS = new Set(['-l', '--list', '-L', '--listfiles', '-s', '--status', '-S', '--search', '-p', '--print-avail', '-c', '--contents', '-I', '--info', '-f', '--field',
  '--print-architecture', '--print-foreign-architectures', '--get-selections', '--compare-versions', '-C', '--audit', '-V', '--verify', '--version', '--help', '-?',
  '--ctrl-tarfile', '--fsys-tarfile', '-x', '--extract', '-X', '--vextract', '-e', '--control', '-b', '--build', '--assert-help', '--validate-pkgname', '--validate-version']);
// rpm's query modes.
const RPM_READS = /^(?:-q\w*|--query|-V\w*|--verify|-K|--checksig|--version|--help|--eval|-E|--showrc|--querytags)$/;
// pacman's operations that read: query, files query, deptest, version, help; -S only to search or show.
const PACMAN_READ = (letters: string): boolean => /^[QTVh]/.test(letters) || (/^F/.test(letters) && !letters.includes('y')) || (/^S/.test(letters) && /^S[silgpq]*$/.test(letters) && /[silgp]/.test(letters));

export function systemInstall({ form, words }: Call): string | undefined {
  const program = form[0] ?? '';
  const options = words.filter((word) => word.startsWith('-'));
  if (program === 'dpkg') {
    const action = options.find((word) => !DPKG_READS.has(word.replace(/=.*$/, '')) && !/^--(?:admindir|root|instdir|force-\S+|no-\S+|log|status-fd|status-logger|path-\w+|pre-invoke|post-invoke|debug|abort-after|ignore-depends|refuse-\S+|no-act|dry-run|simulate|recursive|selected-only|skip-same-version|auto-deconfigure|no-triggers|triggers)(?:=|$)/.test(word) && !/^-[RBGOEDz]/.test(word));
    if (action !== undefined || options.length === 0) return `dpkg${action === undefined ? '' : ` ${action}`} changes the system's packages (its maintainer scripts run)`;
    return undefined;
  }
  if (program === 'rpm') return options.some((word) => RPM_READS.test(word)) ? undefined : 'rpm changes the system\'s packages (its scriptlets run)';
  if (program === 'pacman') {
    const operation = options.find((word) => /^-[A-Z]/.test(word)) ?? options.find((word) => /^--(?:sync|upgrade|remove|database|query|files|deptest|version|help)$/.test(word));
    const letters = operation === undefined ? '' : operation.startsWith('--') ? operation.slice(2, 3).toUpperCase() : short(operation) + options.filter((word) => /^-[a-z]+$/.test(word)).map(short).join('');
    return operation !== undefined && PACMAN_READ(letters) ? undefined : `pacman${operation === undefined ? '' : ` ${operation}`} changes the system's packages`;
  }
  if (program === 'apk') return ['add', 'del', 'fix', 'upgrade', 'update', 'cache'].includes(form[1] ?? '') ? `apk ${form[1]} changes the system's packages` : undefined;
  if (program === 'nix-env') return options.some((word) => /^(?:-q\w*|--query|--version|--help)$/.test(word)) ? undefined : 'nix-env changes the user\'s profile outside the workspace';
  return undefined;
}
