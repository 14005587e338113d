// The import graph's one rule: no cycles (decision 0032), type-only imports included. A cycle closed by a dynamic
// import() is allowed: the route table loads its pages on demand, after it has been evaluated, and a page may read
// the table (its links, the menu's preview). `npm run check:cycles` runs it over the three source trees.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: move what both files need into a file both import.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
