/**
 * Registers a route of the API table (src/api/routes) on a router: its method and its
 * paths (`path` and the `also` forms) come from the table, the chain (auth steps,
 * `validate(route)`, handler) from the router's file. A GET answers HEAD as well.
 */
import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { AnyRoute } from '../../api/route.js';
import type { AppServices, AppState } from '../context.js';

export type ApiRouter = Router<AppState, { services: AppServices }>;

/** Adds `route` with the middleware chain `steps` to `router`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function on<T = {}>(router: ApiRouter, route: AnyRoute, ...steps: Array<RouterMiddleware<AppState & T, { services: AppServices }>>): void {
  router.register([route.path, ...route.also], [route.method], steps as unknown as RouterMiddleware<AppState, { services: AppServices }>[]);
}
