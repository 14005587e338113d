import { z } from 'zod';
import { centavosInput, requiredText } from './fields';

/**
 * A purchasing centre (contas/centros_compras): the departments it buys for and its approvers, each able to approve
 * purchases up to an amount (alçada). A purchase goes to the approvers whose limit covers it.
 */
export const purchasingCentreInput = z.object({
  name: requiredText(80, 'Informe o nome do centro de compras.'),
  departmentIds: z
    .array(z.uuid('Departamento inválido.'), 'Escolha os departamentos atendidos.')
    .min(1, 'Escolha ao menos um departamento atendido.')
    .transform((ids) => [...new Set(ids)].sort()),
  approvers: z
    .array(
      z.object({
        userId: z.uuid('Escolha o aprovador.'),
        limit: centavosInput({ min: 1, empty: 'Informe a alçada do aprovador.' }),
      }),
      'Inclua os aprovadores.',
    )
    .min(1, 'Inclua ao menos um aprovador.')
    .max(20, 'Use até 20 aprovadores.')
    .superRefine((approvers, ctx) => {
      if (new Set(approvers.map((a) => a.userId)).size !== approvers.length) {
        ctx.addIssue({ code: 'custom', message: 'Cada aprovador aparece uma vez só.' });
      }
    })
    .transform((approvers) => [...approvers].sort((a, b) => a.limit - b.limit)),
});
