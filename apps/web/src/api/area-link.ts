import { httpBatchLink, type HTTPBatchLinkOptions, type OperationLink, type TRPCLink } from '@trpc/client';
import type { ApiRouter } from '@financeiro/server/api';

/**
 * The server mounts each area's router at its own address, `<url>/<area>` (app.ts), while the web sees the areas as
 * one router. This link sends an operation on `<area>.<procedure>` to that address as `<procedure>`, batched with the
 * same area's other operations by an httpBatchLink of its own, made at the area's first call.
 */
export function areaLink(options: HTTPBatchLinkOptions<ApiRouter['_def']['_config']['$types']>): TRPCLink<ApiRouter> {
  return (runtime) => {
    const areas = new Map<string, OperationLink<ApiRouter>>();
    return ({ op, next }) => {
      const [area = '', ...procedure] = op.path.split('.');
      let link = areas.get(area);
      if (!link) {
        link = httpBatchLink<ApiRouter>({ ...options, url: `${options.url.toString()}/${area}` })(runtime);
        areas.set(area, link);
      }
      return link({ op: { ...op, path: procedure.join('.') }, next });
    };
  };
}
