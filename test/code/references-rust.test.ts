// References in Rust (issue 30): `use` declarations label what they import (a list, an alias, a module
// brought in and used as `geo::area`, a full `crate::` path, `super::` from a child module, `use super::*` in
// a test module, a `pub use` re-export), the same file's scopes resolve, a parameter or `let` of the same
// name is no hit, and a same-name function in a file that imports nothing stays textual.
import { describe, expect, it } from 'vitest';
import { rustModule } from '../../src/code/references-rust.js';
import { referencesProject } from './references-project.js';

const FILES: Record<string, string> = {
  'rs/Cargo.toml': '[package]\nname = "shapes"\nversion = "0.1.0"\n',
  'rs/src/lib.rs': 'pub mod geo;\npub mod shapes;\npub mod other;\npub mod pub_use;\npub mod via;\n',
  'rs/src/geo.rs': [
    'pub fn area(w: u32) -> u32 {',
    '    w * w',
    '}',
    'pub struct Point { pub x: u32 }',
    'impl Point {',
    '    pub fn new() -> Self { Self::make(area(2)) }',
    '    fn make(x: u32) -> Self { Point { x } }',
    '}',
    '#[cfg(test)]',
    'mod tests {',
    '    use super::*;',
    '    fn it() -> u32 { area(1) + Point::new().x }',
    '}',
    '',
  ].join('\n'),
  'rs/src/shapes/mod.rs': [
    'use crate::geo::{area, Point as P};',
    'use super::geo;',
    'pub fn total() -> u32 {',
    '    let p = P::new();',
    '    area(p.x) + geo::area(1) + crate::geo::area(2)',
    '}',
    'fn shadow(area: u32) -> u32 { let w = area; w }',
    '',
  ].join('\n'),
  'rs/src/other.rs': 'pub fn area() -> u32 { 2 }\nfn main() { let area = 1; let _ = area; }\n',
  'rs/src/pub_use.rs': 'pub use crate::geo::area;\n',
  'rs/src/via.rs': 'use crate::pub_use::area;\nfn f() -> u32 { area(3) }\n',
};

const { where } = referencesProject('codeward-refs-rust-', FILES);

describe('references: Rust use declarations', () => {
  it('a function: use lists, module imports, crate:: paths, super::, use super::* and pub use re-exports are imported', async () => {
    expect(await where({ file: 'rs/src/geo.rs', symbol: 'area' })).toEqual([
      'rs/src/geo.rs:1:8 definition',
      'rs/src/geo.rs:6:39 resolved',
      'rs/src/geo.rs:12:22 resolved',
      'rs/src/other.rs:1:8 textual',
      'rs/src/pub_use.rs:1:21 imported',
      'rs/src/shapes/mod.rs:1:18 imported',
      'rs/src/shapes/mod.rs:5:5 imported',
      'rs/src/shapes/mod.rs:5:22 imported',
      'rs/src/shapes/mod.rs:5:44 imported',
      'rs/src/via.rs:1:21 imported',
      'rs/src/via.rs:2:17 imported',
    ]);
  });

  it('a method: Self:: and Type:: in its file resolved, through an aliased import imported', async () => {
    expect(await where({ file: 'rs/src/geo.rs', symbol: 'Point/new' })).toEqual([
      'rs/src/geo.rs:6:12 definition',
      'rs/src/geo.rs:12:39 resolved',
      'rs/src/shapes/mod.rs:4:16 imported',
    ]);
  });

  it('module paths: src/geo.rs and src/geo/mod.rs are geo, lib.rs and main.rs the crate root', () => {
    expect(['src/geo.rs', 'src/geo/mod.rs', 'crates/a/src/lib.rs', 'src/main.rs', 'x/src/a/b.rs'].map((file) => rustModule(file).join('::'))).toEqual(['geo', 'geo', '', '', 'a::b']);
  });
});
