/**
 * The import boundaries of the repository (docs/architecture.md, "Layers and boundaries"), checked in
 * CI by `npm run check:boundaries`. Imports that broke a rule before the rule existed are listed in
 * .dependency-cruiser-known-violations.json; the check fails on any other, naming the import. The list
 * only shrinks: fix an import, then `npm run check:boundaries:baseline` rewrites it.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules import each other in one direction.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-app-to-app',
      severity: 'error',
      comment: 'The server, the agent and the console share only packages/domain.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'domain-imports-no-app',
      severity: 'error',
      comment: 'The domain package is the shared contract: it imports no program.',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|bench|e2e)/' },
    },
    {
      name: 'feature-to-feature',
      severity: 'error',
      comment:
        "A console feature imports app/, components/, lib/ and the domain, never another feature's internals; screens that combine features live in pages/.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-layers-import-no-feature',
      severity: 'error',
      comment: 'components/ and lib/ are below the features: they import none.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|pages|app)/' },
    },
    {
      name: 'bench-and-e2e-through-package-exports',
      severity: 'error',
      comment:
        "bench/ and e2e/ reach the programs only through what each package exports (buildApp, openDatabase, the agent's enrol and heartbeat), not their src/ files.",
      from: { path: '^(bench|e2e)/' },
      // The package's entry (its package.json "exports") is what it offers; nothing else of src/.
      to: { path: '^apps/[^/]+/src/', pathNot: '^apps/[^/]+/src/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
    combinedDependencies: true,
  },
};
