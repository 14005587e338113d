// The import graph's one rule: no cycles (decision 0032). Two kinds of import cannot run in the wrong order and may
// close one: a type-only import, erased when compiled (the upload pool names its workers' tasks by type, and the
// tasks call the modules), and a dynamic import(), run after the importer has been evaluated (the route table loads
// its pages on demand, and a page may read the table). `npm run check:cycles` runs it over the three source trees.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: move what both files need into a file both import.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
