// The doors' escaping of text a model or repository chose lives in src/text (the agent's prompt uses it too).
export { visible, visibleLines } from '../text/visible.js';
