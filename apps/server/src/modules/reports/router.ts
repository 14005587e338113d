import { router } from '../../trpc/init';
import { outlookProcedures } from './outlook-router';

/** Reports (read-only): /v1/reports.* */
export const reportsRouter = router({
  ...outlookProcedures,
});
export type ReportsRouter = typeof reportsRouter;
