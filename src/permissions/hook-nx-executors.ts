// nx's own executors that run one tool (the executor era, before plug-ins; nx's docs, each executor's schema.json):
// the tool's line, the option naming its configuration (a path from the workspace's top) read as the tool's own
// flag, and the options that name nothing it loads. Any other option may name code (a transformer, a setup file,
// `nextConfig`, `esbuildConfig`, `webpackConfig` of a tool codeward does not model): the target is not understood.
// The line is then judged as if the hook ran it: a tool codeward does not model (webpack, rollup, cypress,
// storybook) keeps the whole tree obeyed, under its own name. An executor not in the table stays unmodelled.
export interface Executor {
  // The tool's line; '' when the executor runs no code of the project but its sources (esbuild without a
  // configuration module: a native bundler; `@nx/js:node`: the build target's output, rebuilt from the sources).
  readonly line: string;
  // The option naming its configuration and the tool's flag for it ('' = the line's operand: `next build DIR`).
  readonly config?: readonly [string, string];
  readonly inert: readonly string[];
}

const SERVE = ['buildTarget', 'port', 'host', 'hostname', 'https', 'open', 'hmr', 'proxyConfig', 'watch', 'debounce', 'inspect', 'waitUntilTargets', 'runBuildTargetDependencies', 'buildTargetOptions', 'dev', 'keepAliveTimeout', 'customServerTarget', 'customServerHttps', 'staticFilePath', 'spa', 'cors', 'ssl', 'sslKey', 'sslCert', 'logLevel', 'mode', 'clearScreen', 'force', 'buildLibsFromSource', 'turbo', 'experimentalHttps', 'experimentalHttpsKey', 'experimentalHttpsCert', 'experimentalHttpsCa', 'quiet'];
const BUNDLE = ['main', 'outputPath', 'tsConfig', 'assets', 'index', 'styles', 'scripts', 'baseHref', 'deployUrl', 'outputHashing', 'optimization', 'sourceMap', 'sourcemap', 'extractLicenses', 'vendorChunk', 'namedChunks', 'generatePackageJson', 'generateLockfile', 'externalDependencies', 'external', 'fileReplacements', 'watch', 'progress', 'statsJson', 'verbose', 'memoryLimit', 'target', 'compiler', 'format', 'project', 'entryFile', 'deleteOutputPath', 'skipTypeCheck', 'skipTypeField', 'buildLibsFromSource', 'additionalEntryPoints', 'outputFileName', 'platform', 'minify', 'bundle', 'thirdParty', 'metafile', 'declaration', 'declarationRootDir', 'includeDevDependenciesInPackageJson', 'isolatedConfig', 'standardWebpackConfigFunction', 'extractCss', 'crossOrigin', 'subresourceIntegrity', 'polyfills', 'runtimeChunk', 'commonChunk', 'outputFilename', 'sourceRoot', 'rootDir', 'emptyOutDir', 'compress', 'javascriptEnabled', 'allowJs'];

export const EXECUTORS: Readonly<Record<string, Executor>> = {
  'vite:test': { line: 'vitest run', config: ['configFile', '--config'], inert: ['reportsDirectory', 'passWithNoTests', 'watch', 'mode', 'testNamePattern', 'coverage', 'testFiles'] },
  // vite build and serve load vite.config.* as vitest does (the vitest row reads it with what it imports).
  'vite:build': { line: 'vitest run', config: ['configFile', '--config'], inert: ['outputPath', 'mode', 'emptyOutDir', 'skipTypeCheck', 'watch', 'generatePackageJson', 'includeDevDependenciesInPackageJson', 'skipOverrides', 'skipPackageManager', 'tsConfig', 'buildLibsFromSource'] },
  'vite:dev-server': { line: 'vitest run', config: ['configFile', '--config'], inert: SERVE },
  'vite:preview-server': { line: 'vitest run', config: ['configFile', '--config'], inert: [...SERVE, 'staticFilePath'] },
  'jest:jest': { line: 'jest', config: ['jestConfig', '-c'], inert: ['passWithNoTests', 'ci', 'codeCoverage', 'coverageReporters', 'runInBand', 'watch', 'testPathPattern', 'silent', 'detectOpenHandles', 'maxWorkers'] },
  'eslint:lint': { line: 'eslint .', config: ['eslintConfig', '-c'], inert: ['lintFilePatterns', 'maxWarnings', 'quiet', 'fix', 'format', 'cache', 'cacheLocation', 'outputFile', 'force', 'silent'] },
  'playwright:playwright': { line: 'playwright test', config: ['config', '--config'], inert: ['skipInstall', 'reporter', 'workers', 'retries', 'project'] },
  'js:tsc': { line: 'tsc', inert: ['main', 'outputPath', 'tsConfig', 'assets', 'rootDir', 'generatePackageJson', 'clean', 'watch', 'external', 'externalBuildTargets', 'updateBuildableProjectDepsInPackageJson', 'generateExportsField'] },
  // `next build` in the project's folder (`root`: another folder, read as next's operand); `nextConfig` is a module.
  'next:build': { line: 'next build', config: ['root', ''], inert: ['outputPath', 'fileReplacements', 'assets', 'buildLibsFromSource', 'includeDevDependenciesInPackageJson', 'generateLockfile', 'watch', 'debug', 'profile', 'experimentalAppOnly', 'experimentalBuildMode', 'turbo', 'webpack', 'generatePackageJson', 'skipOverrides', 'skipPackageManager'] },
  'next:server': { line: 'next build', inert: SERVE },
  // The build target's output (a target of the project, read on its own), started by node.
  'js:node': { line: '', inert: SERVE.concat(['args']) },
  'node:node': { line: '', inert: SERVE.concat(['args']) },
  // esbuild runs no JavaScript of the project without plug-ins, which only `esbuildConfig` (a module) can give.
  'esbuild:esbuild': { line: '', inert: ['additionalEntryPoints', 'assets', 'bundle', 'declaration', 'declarationRootDir', 'deleteOutputPath', 'esbuildOptions', 'external', 'excludeFromExternal', 'format', 'generatePackageJson', 'generateLockfile', 'includeDevDependenciesInPackageJson', 'main', 'metafile', 'minify', 'outputFileName', 'outputHashing', 'outputPath', 'platform', 'sourcemap', 'skipTypeCheck', 'target', 'thirdParty', 'tsConfig', 'watch', 'userDefinedBuildTargets', 'buildableProjectDepsInPackageJsonType', 'updateBuildableProjectDepsInPackageJson'] },
  'webpack:webpack': { line: 'webpack', config: ['webpackConfig', '--config'], inert: BUNDLE },
  'webpack:dev-server': { line: 'webpack serve', inert: SERVE },
  'rollup:rollup': { line: 'rollup', config: ['rollupConfig', '-c'], inert: BUNDLE },
  'cypress:cypress': { line: 'cypress run', config: ['cypressConfig', '--config-file'], inert: ['devServerTarget', 'headed', 'headless', 'browser', 'watch', 'record', 'parallel', 'key', 'spec', 'tag', 'testingType', 'skipServe', 'baseUrl', 'port', 'quiet', 'exit', 'group', 'ciBuildId'] },
  'storybook:storybook': { line: 'storybook dev', config: ['configDir', '--config-dir'], inert: ['port', 'host', 'https', 'ci', 'quiet', 'smokeTest', 'noOpen', 'open', 'docs', 'debugWebpack', 'disableTelemetry'] },
  'storybook:build': { line: 'storybook build', config: ['configDir', '--config-dir'], inert: ['outputDir', 'quiet', 'docs', 'webpackStatsJson', 'debugWebpack', 'disableTelemetry', 'test'] },
};
