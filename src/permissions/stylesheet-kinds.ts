// The stylesheet kinds a CSS pipeline reads (R22-7), in one place for the hook walk (hook-tailwind-css.ts: which
// files Tailwind may be handed), the file tools' gate (gate-written.ts: whose new text is judged) and a staged run's
// after-run scan (stage/plan-gate.ts). Tailwind's PostCSS plug-in and @tailwindcss/vite read `.css` and every
// preprocessor's output: Sass (`.scss`/`.sass`) and Less keep an at-rule they do not know (`@plugin`) as it is,
// Stylus too; `.pcss`/`.postcss`/`.sss` are PostCSS's own. A Vue, Svelte or Astro component's `<style>` blocks are
// handed to the same pipeline (`?vue&type=style&lang.css`), and so are an `.html` page's (Vite's HTML entries: css24).

const SHEETS = ['css', 'scss', 'sass', 'less', 'styl', 'stylus', 'pcss', 'postcss', 'sss'];
const COMPONENTS = ['vue', 'svelte', 'astro', 'html'];
const SHEET = new RegExp(`\\.(?:${[...SHEETS, ...COMPONENTS].join('|')})$`, 'i');
const COMPONENT = new RegExp(`\\.(?:${COMPONENTS.join('|')})$`, 'i');
// Compiled by a preprocessor that resolves its own imports and may build an at-rule's name or load a module.
const PREPROCESSED = /\.(?:scss|sass|less|styl|stylus)$/i;

// Whether a path (any separator) names a file a CSS pipeline reads as a stylesheet.
export const isStylesheet = (path: string): boolean => SHEET.test(path);
// Whether a write's new text decides if `rel` (workspace-relative) is obeyed: a stylesheet kind, or a file of any
// other kind (or none) an existing sheet's @import hands the pipeline (R23-7: the exact styles globs of the write
// gate's context, hook-tailwind-css.ts), whose text is judged as a sheet's.
// (`ctx`: obeyed.ts's ObeyedContext, by shape: that module imports this one.)
export const judgedAsSheet = (rel: string, ctx?: { readonly gitGlobTests?: readonly { readonly matches: (path: string) => boolean; readonly styles?: true }[] }): boolean =>
  isStylesheet(rel) || (ctx?.gitGlobTests ?? []).some((test) => test.styles === true && test.matches(rel));
export const isPreprocessed = (path: string): boolean => PREPROCESSED.test(path);
// The picomatch form of the file names (`*.{css,scss,...}`).
export const STYLESHEET_NAMES = `*.{${[...SHEETS, ...COMPONENTS].join(',')}}`;
// A spec's extension names a stylesheet (or a component, which is never a plain import target: false).
export const sheetExtension = (spec: string): boolean => new RegExp(`\\.(?:${SHEETS.join('|')})$`, 'i').test(spec);

// The text the pipeline reads of a file: a component's `<style>` blocks (every one, wherever it stands: more than
// the component compiler takes, never less; an unclosed one runs to the end), else the whole text. A NUL anywhere
// is kept (unsure: css-code.ts treats it as code).
export function sheetText(path: string, text: string): string {
  if (!COMPONENT.test(path)) return text;
  const blocks = [...text.matchAll(/<style\b[^>]*>([\s\S]*?)(?:<\/style\s*>|$)/gi)].map((block) => block[1]!);
  return blocks.join('\n') + (text.includes('\0') ? '\0' : '');
}

// Whether an import of `stem` (a path as the importer names it, resolved: `a/x`, `a/x.scss`) may load `path`: the
// file itself, or one a preprocessor completes it to (`a/x.scss`, the partial `a/_x.sass`, `a/x/index.less`).
export function stemReaches(stem: string, path: string): boolean {
  const cut = Math.max(stem.lastIndexOf('/'), stem.lastIndexOf('\\')) + 1;
  const partial = `${stem.slice(0, cut)}_${stem.slice(cut)}`;
  return path === stem || path.startsWith(`${stem}.`) || path.startsWith(`${stem}/`) || path.startsWith(`${stem}\\`) || path.startsWith(`${partial}.`);
}
