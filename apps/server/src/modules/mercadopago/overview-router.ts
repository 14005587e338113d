import { router } from '../../trpc/init';

/** The reconciliation screen's figures: /v1/mercadopago/overview.* */
export const overviewRouter = router({});
