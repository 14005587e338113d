import type { inferRouterOutputs } from '@trpc/server';
import type { SplitRouter } from '@financeiro/server/api';

type Outputs = inferRouterOutputs<SplitRouter>;
export type SplitPreview = Outputs['preview'];
export type SplitRun = Outputs['list'][number];
export type SplitRunResult = Outputs['run'];
