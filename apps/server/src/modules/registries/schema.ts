import { index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { ACCOUNT_KINDS } from '@financeiro/core';
import { registryColumns } from './columns';

/** Banks and payment institutions an organization works with (gestao_contas/bancos). */
export const banks = pgTable(
  'banks',
  {
    ...registryColumns(),
    /** COMPE code (3 digits); institutions outside COMPE have none. */
    code: text(),
    /** ISPB (8 digits), the Central Bank's identifier of the institution. */
    ispb: text(),
    name: text().notNull(),
    shortName: text(),
  },
  (t) => [
    unique('banks_org_code_key').on(t.organizationId, t.code),
    unique('banks_org_ispb_key').on(t.organizationId, t.ispb),
    index('banks_org_name_idx').on(t.organizationId, t.name),
  ],
);

/** Types of financial account (parametrizacao/tipos_conta), each of one kind. */
export const accountTypes = pgTable(
  'account_types',
  {
    ...registryColumns(),
    name: text().notNull(),
    kind: text({ enum: ACCOUNT_KINDS }).notNull(),
  },
  (t) => [unique('account_types_org_name_key').on(t.organizationId, t.name)],
);
