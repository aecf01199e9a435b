import { describe, expect, it } from 'vitest';
import { isCodeFile, typographicQuotes } from '../../src/files/quotes.js';

const EXTENSIONS = ('.go .py .js .ts .jsx .tsx .java .c .cpp .h .hpp .rs .rb .php .swift .kt .scala .cs .r .m .mm .sh .bash .zsh ' +
  '.fish .sql .json .yaml .yml .toml .xml .html .css .scss .less .lua .pl .pm .ex .exs .erl .hrl .hs .elm .clj ' +
  '.lisp .el .vim .conf .ini .env .dockerfile .tf .hcl .proto .graphql .gql .makefile .cmake .gradle').split(' ');
const NAMES = 'makefile dockerfile jenkinsfile vagrantfile gemfile rakefile guardfile procfile .gitignore .dockerignore .eslintrc .prettierrc'.split(' ');

describe('isCodeFile', () => {
  it('knows the 60 code extensions, in any case', () => {
    expect(new Set(EXTENSIONS).size).toBe(60);
    for (const ext of EXTENSIONS) {
      expect(isCodeFile(`/w/src/file${ext}`), ext).toBe(true);
      expect(isCodeFile(`/w/src/FILE${ext.toUpperCase()}`), ext).toBe(true);
    }
  });

  it('knows the special file names, in any case', () => {
    for (const name of NAMES) {
      expect(isCodeFile(`/w/${name}`), name).toBe(true);
      expect(isCodeFile(`/w/${name.toUpperCase()}`), name).toBe(true);
    }
    expect(isCodeFile('/w/Makefile')).toBe(true);
    expect(isCodeFile('/w/Dockerfile')).toBe(true);
    expect(isCodeFile('/w/api.Dockerfile')).toBe(true);
    expect(isCodeFile('/w/.env')).toBe(true);
  });

  it.each(['/w/README.md', '/w/notes.txt', '/w/doc.rst', '/w/x.tar.gz', '/w/LICENSE', '/w/image.png', '/w/file.tsx.bak', '/w/.npmrc', '/w/go.mod'])(
    '%s is not code', (path) => {
      expect(isCodeFile(path)).toBe(false);
    });

  it('an empty path counts as code (as in ChatCLI)', () => {
    expect(isCodeFile('')).toBe(true);
  });
});

describe('typographicQuotes', () => {
  it('counts the eight characters and shows the text around the first, never changing anything', () => {
    expect(typographicQuotes('\u2018a\u2019 \u2032 \u201Cb\u201D \u2033 \u00ABc\u00BB')).toEqual({ count: 8, near: '\u2018a\u2019 \u2032 \u201Cb\u201D \u2033 \u00ABc\u00BB' });
    expect(typographicQuotes('line one\n  {"greeting": "Say \u201Chello\u201D to everyone in the room"}\nlast')).toEqual({ count: 2, near: '{"greeting": "Say \u201Chello\u201D to everyone i' });
  });

  it('counts no look-alikes', () => {
    const text = 'a\u00A0b \u2013 \u2014 \u2026 \u00D7 \u2212 \u201A \u201E \u2039\u203A `x` é 😀 \r\n';
    expect(typographicQuotes(text)).toEqual({ count: 0, near: '' });
    expect(typographicQuotes('')).toEqual({ count: 0, near: '' });
  });
});
