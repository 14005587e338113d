import { z } from 'zod';
import { centavosInput, dateInput, optionalId, optionalText, requiredId, requiredText } from './fields';

/**
 * A financial account (gestao_contas/contas): its type, bank and number where it has them, the balance it opened
 * with on a date, and the units allowed to use it.
 */
export const accountInput = z.object({
  name: requiredText(80, 'Informe o nome da conta, como "Itaú movimento".'),
  accountTypeId: requiredId('Escolha o tipo da conta.'),
  bankId: optionalId,
  branch: optionalText(10),
  number: optionalText(20),
  openingBalance: centavosInput({ empty: 'Informe o saldo inicial (pode ser 0,00).' }),
  openingDate: dateInput('Informe a data do saldo inicial.'),
  unitIds: z
    .array(z.uuid('Unidade inválida.'), 'Escolha as unidades que podem usar a conta.')
    .min(1, 'Escolha ao menos uma unidade que pode usar a conta.')
    .transform((ids) => [...new Set(ids)].sort()),
});
