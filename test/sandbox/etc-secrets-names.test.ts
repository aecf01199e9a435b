import { describe, expect, it } from 'vitest';
import { ETC_SECRETS } from '../../src/sandbox/view.js';
import { compileNonAccessible } from '../../src/workspace/globs.js';

// The sandbox hides these entries of /etc (paths relative to /etc). Package-manager configs that carry
// registry tokens were shown: /etc/npmrc (npm's globalconfig on distribution builds) matched no glob
// (`**/.npmrc` wants the dot, `**/etc/npmrc` a folder named etc inside /etc). Not tested through the
// binary: that would write into this machine's /etc.
const hidden = compileNonAccessible(ETC_SECRETS);

describe("/etc's package-manager configs in the sandbox view", () => {
  it.each(['npmrc', 'pip.conf', 'xdg/pip/pip.conf', 'conda/condarc', 'condarc', 'gemrc', '.pypirc', 'uv/uv.toml'])('hides /etc/%s', (rel) => {
    expect(hidden(rel)).toBe(true);
  });
  it.each(['gitconfig', 'passwd', 'group', 'hosts', 'resolv.conf', 'ssl/certs/ca-certificates.crt'])('shows /etc/%s (programs need it)', (rel) => {
    expect(hidden(rel)).toBe(false);
  });
});
