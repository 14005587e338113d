import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { InvalidInputError } from '../../errors';
import { audit } from '../audit';
import { mustUseAccount, type LedgerScope } from '../ledger';
import { mustReference } from '../registries';
import type { settingsSaveInput } from './inputs';
import { mercadopagoSettings } from './schema';

export type MercadoPagoSettings = Omit<
  typeof mercadopagoSettings.$inferSelect,
  'id' | 'organizationId' | 'updatedBy' | 'updatedAt'
>;

const NOT_CONFIGURED =
  'Configure a conciliação desta conta do Mercado Pago antes: a conta do saldo a liberar e a classificação das tarifas.';

const columns = {
  accountId: mercadopagoSettings.accountId,
  pendingAccountId: mercadopagoSettings.pendingAccountId,
  feeClassificationId: mercadopagoSettings.feeClassificationId,
  costCentreId: mercadopagoSettings.costCentreId,
  payoutAccountId: mercadopagoSettings.payoutAccountId,
  customerId: mercadopagoSettings.customerId,
  receivableClassificationId: mercadopagoSettings.receivableClassificationId,
  paymentMethodId: mercadopagoSettings.paymentMethodId,
};

/** How the account is reconciled, or null before someone configures it. The account must be one the unit uses. */
export async function getSettings(scope: LedgerScope, accountId: string): Promise<MercadoPagoSettings | null> {
  await mustUseAccount(scope, accountId);
  const [row] = await scope.tx
    .select(columns)
    .from(mercadopagoSettings)
    .where(
      and(
        eq(mercadopagoSettings.organizationId, scope.tenant.organizationId),
        eq(mercadopagoSettings.accountId, accountId),
      ),
    );
  return row ?? null;
}

/** The settings reconciliation needs; refuses in pt-BR when the account was not configured. */
export async function settingsFor(scope: LedgerScope, accountId: string): Promise<MercadoPagoSettings> {
  const settings = await getSettings(scope, accountId);
  if (!settings) throw new InvalidInputError(NOT_CONFIGURED);
  return settings;
}

/**
 * The organization's accounts that hold Mercado Pago's "saldo a liberar": money the provider keeps until its release
 * date, which the cash view shows apart from what can be spent (decision 0035).
 */
export async function providerHeldAccountIds(tx: Tx, organizationId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: mercadopagoSettings.pendingAccountId })
    .from(mercadopagoSettings)
    .where(eq(mercadopagoSettings.organizationId, organizationId));
  return rows.map((r) => r.id);
}

/** Creates or replaces the account's settings; everything they name must be the organization's. */
export async function saveSettings(
  scope: LedgerScope,
  input: Omit<z.output<typeof settingsSaveInput>, 'idempotencyKey'>,
): Promise<MercadoPagoSettings> {
  for (const id of [input.accountId, input.pendingAccountId, input.payoutAccountId]) {
    if (id) await mustUseAccount(scope, id);
  }
  await mustReference(
    scope,
    'classifications',
    [input.feeClassificationId, input.receivableClassificationId],
    'Classificação não encontrada nesta organização.',
  );
  await mustReference(scope, 'costCentres', [input.costCentreId], 'Centro de custo não encontrado nesta organização.');
  await mustReference(scope, 'parties', [input.customerId], 'Cliente não encontrado nesta organização.');
  await mustReference(
    scope,
    'paymentMethods',
    [input.paymentMethodId],
    'Forma de pagamento não encontrada nesta organização.',
  );
  const before = await getSettings(scope, input.accountId);
  const values = {
    accountId: input.accountId,
    pendingAccountId: input.pendingAccountId,
    feeClassificationId: input.feeClassificationId,
    costCentreId: input.costCentreId ?? null,
    payoutAccountId: input.payoutAccountId ?? null,
    customerId: input.customerId ?? null,
    receivableClassificationId: input.receivableClassificationId ?? null,
    paymentMethodId: input.paymentMethodId ?? null,
  };
  await scope.tx
    .insert(mercadopagoSettings)
    .values({ ...values, id: uuidv7(), organizationId: scope.tenant.organizationId, updatedBy: scope.user.userId })
    .onConflictDoUpdate({
      target: [mercadopagoSettings.organizationId, mercadopagoSettings.accountId],
      set: { ...values, updatedBy: scope.user.userId, updatedAt: sql`now()` },
    });
  await audit(scope, {
    action: 'financial_account.mercadopago_settings',
    entity: 'financial_account',
    entityId: input.accountId,
    before,
    after: values,
  });
  return values;
}
