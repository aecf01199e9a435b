// The plain cargo and go project round 41's tool-variable tests build in place (no build.rs, no cgo), and the
// repository's program `w` that removes the uncommitted work (ROOT: the workspace, inPlaceRuns).
export const BUILD_TOOL_PROJECT: Readonly<Record<string, string>> = {
  'Cargo.toml': '[package]\nname = "hello"\nversion = "0.1.0"\nedition = "2021"\n',
  'src/main.rs': 'fn main() { println!("hi"); }\n',
  'go.mod': 'module example.com/hello\n\ngo 1.19\n',
  'main.go': 'package main\n\nfunc main() { println("hi") }\n',
  w: '#!/bin/sh\n/bin/rm -rf ROOT/sub\nexec "$@"\n',
};
