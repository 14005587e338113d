import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import rule from './module-doors.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (file) => path.join(process.cwd(), file);
const deep = (source, module, door) => [
  {
    message: `'${source}' reaches into the ${module} module: import what it exports from its door, '${door}' (modules/${module}/index.ts).`,
  },
];

tester.run('module-doors', rule, {
  valid: [
    // Through the door, by its folder or by its index.
    { code: "import { settleMany } from '../ledger';", filename: at('apps/server/src/modules/banking/reconcile.ts') },
    { code: "import { audit } from '../audit/index';", filename: at('apps/server/src/modules/ledger/reschedule.ts') },
    { code: "import { routers } from './modules/ledger';", filename: at('apps/server/src/routers.ts') },
    // Inside a module, any of its files.
    { code: "import { ledgerInstallments } from './schema';", filename: at('apps/server/src/modules/ledger/list.ts') },
    // The tables: the gathered schema, another module's tables for foreign keys, tests and the demo's rows.
    { code: "export * from '../modules/ledger/schema';", filename: at('apps/server/src/db/schema.ts') },
    {
      code: "import { parties } from '../registries/schema';",
      filename: at('apps/server/src/modules/ledger/schema.ts'),
    },
    {
      code: "import { accounts } from '../registries/schema';",
      filename: at('apps/server/src/modules/mercadopago/credentials-schema.ts'),
    },
    {
      code: "import { parties } from '../registries/schema';",
      filename: at('apps/server/src/modules/ledger/a.test.ts'),
    },
    { code: "import { units } from '../modules/tenancy/schema';", filename: at('apps/server/src/test/members.ts') },
    {
      code: "import { parties } from '../apps/server/src/modules/registries/schema';",
      filename: at('bench/ledger.ts'),
    },
    {
      code: "import { parties } from '../registries/schema';",
      filename: at('apps/server/src/modules/demo/samples.ts'),
    },
    // Packages and files outside the modules are no concern of this rule.
    { code: "import { z } from 'zod';", filename: at('apps/server/src/modules/ledger/inputs.ts') },
    { code: "import { withTenant } from '../../db/tenant';", filename: at('apps/server/src/modules/ledger/list.ts') },
  ],
  invalid: [
    {
      code: "import { createDocument } from '../ledger/create-document';",
      filename: at('apps/server/src/modules/purchasing/conclude.ts'),
      errors: deep('../ledger/create-document', 'ledger', '../ledger'),
    },
    {
      code: "import { parties } from '../registries/schema';",
      filename: at('apps/server/src/modules/ledger/create-document.ts'),
      errors: deep('../registries/schema', 'registries', '../registries'),
    },
    {
      code: "import { ledgerRouter } from './modules/ledger/router';",
      filename: at('apps/server/src/routers.ts'),
      errors: deep('./modules/ledger/router', 'ledger', './modules/ledger'),
    },
    {
      code: "export type { UnitOverview } from './modules/tenancy/unit-overview';",
      filename: at('apps/server/src/api.ts'),
      errors: deep('./modules/tenancy/unit-overview', 'tenancy', './modules/tenancy'),
    },
    {
      code: "const seed = () => import('./modules/demo/seed');",
      filename: at('apps/server/src/main.ts'),
      errors: deep('./modules/demo/seed', 'demo', './modules/demo'),
    },
    {
      code: "import { settleMany } from '../../apps/server/src/modules/ledger/settlements';",
      filename: at('bench/support/books.ts'),
      errors: deep(
        '../../apps/server/src/modules/ledger/settlements',
        'ledger',
        '../../apps/server/src/modules/ledger',
      ),
    },
    // A test may check rows, not call a module's inner files.
    {
      code: "import { settleMany } from '../ledger/settlements';",
      filename: at('apps/server/src/modules/banking/reconciliation.test.ts'),
      errors: deep('../ledger/settlements', 'ledger', '../ledger'),
    },
    // The gathered schema takes tables only.
    {
      code: "export * from '../modules/ledger/router';",
      filename: at('apps/server/src/db/schema.ts'),
      errors: deep('../modules/ledger/router', 'ledger', '../modules/ledger'),
    },
  ],
});
