import { contractGenerationInput } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { ForbiddenError } from '../../errors';
import { callerCan } from '../../caller';
import { editMeta, readMeta, requireKind, scopeOf } from './access';
import { contractKind, contractPreview, generateFromContract } from './generate-from-contract';

/** Documents generated from contracts: /v1/ledger/contracts.* */
export const contractsRouter = router({
  /** What generating the range would meet: the kinds the party allows and the periods already generated. */
  preview: procedure
    .meta(readMeta)
    .input(contractGenerationInput)
    .query(({ ctx, input }) => {
      if (!callerCan(ctx, 'ler_contratos'))
        throw new ForbiddenError('Seu perfil não tem permissão para ver contratos.');
      return contractPreview(scopeOf(ctx), input);
    }),

  /** One document per contract period due in the range, never twice for the same period. */
  generate: procedure
    .meta(editMeta)
    .input(contractGenerationInput)
    .mutation(async ({ ctx, input }) => {
      const scope = scopeOf(ctx);
      // Whoever may not see contracts may not learn their terms from the documents made of them either.
      if (!callerCan(ctx, 'ler_contratos'))
        throw new ForbiddenError('Seu perfil não tem permissão para ver contratos.');
      requireKind(ctx, await contractKind(scope, input), 'editar');
      const { kind, created, existing } = await generateFromContract(scope, input);
      return { kind, ids: created, created: created.length, existing };
    }),
});
