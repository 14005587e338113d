import path from 'node:path';

// A server module's front door is its index.ts (decision 0032): what it exports is what other modules, the API
// layer, the scripts and the benchmarks may use. This rule refuses an import, from outside a module, of any other
// file of it, its schema.ts included, with these exceptions, all of them to a module's schema.ts (its tables):
//   - apps/server/src/db/schema.ts, which gathers every module's tables for the typed database;
//   - another module's schema.ts (or a table file beside it, `*-schema.ts`), for its tables' foreign keys (a door loads its module's services and routers,
//     which the tables they stand on cannot wait for);
//   - tests (*.test.ts, apps/server/src/test/**, bench/**) and the demo module, which write and check stored rows
//     the way a migration or a person's data would be, without a service for every fixture.
const MODULES = 'apps/server/src/modules/';
const DB_SCHEMA = 'apps/server/src/db/schema.ts';
const ROWS_ALLOWED = [/\.test\.ts$/, /^apps\/server\/src\/test\//, /^bench\//, /^apps\/server\/src\/modules\/demo\//];

/** The module a project path lies in, and the file under it without its extension ('' for the folder itself). */
function place(relative) {
  if (!relative.startsWith(MODULES)) return null;
  const [name, ...rest] = relative.slice(MODULES.length).split('/');
  return { name, file: rest.join('/').replace(/\.[cm]?[jt]sx?$/, '') };
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    messages: {
      deep: "'{{source}}' reaches into the {{module}} module: import what it exports from its door, '{{door}}' (modules/{{module}}/index.ts).",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const importer = path.relative(root, context.filename).split(path.sep).join('/');
    const from = place(importer);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const absolute = path.resolve(path.dirname(context.filename), source);
      const to = place(path.relative(root, absolute).split(path.sep).join('/'));
      if (!to || to.name === from?.name || to.file === '' || to.file === 'index') return;
      if (to.file === 'schema') {
        if (importer === DB_SCHEMA || /(^|-)schema$/.test(from?.file ?? '')) return;
        if (ROWS_ALLOWED.some((pattern) => pattern.test(importer))) return;
      }
      let door = path.relative(path.dirname(context.filename), path.join(root, MODULES, to.name));
      door = door.split(path.sep).join('/');
      if (!door.startsWith('.')) door = `./${door}`;
      context.report({ node, messageId: 'deep', data: { source, module: to.name, door } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
