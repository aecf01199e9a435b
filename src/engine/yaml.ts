// YAML is read only when a YAML file exists, so the parser loads on first use. The package is
// CommonJS: bundled, its functions sit on the default export.
export async function parseYaml(text: string): Promise<unknown> {
  const loaded = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') };
  return (loaded.parse ?? loaded.default!.parse)(text);
}
