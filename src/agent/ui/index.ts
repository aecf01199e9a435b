// The interactive terminal UI of `codeward agent`.
export { createTui, type Tui, type TuiOptions } from './tui.js';
