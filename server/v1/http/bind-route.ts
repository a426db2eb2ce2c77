/**
 * Binds a route file to its entry of the route contract (server/v1/routes.ts): the
 * entry supplies the name, response style, preview flag, plans, generation flag, body
 * limit and schemas; the route file supplies only the handler that calls one verb.
 * The entry stays attached to the handler, so routes.test.ts can check each file's
 * binding against the table.
 */
import "server-only";
import type { z } from "zod";
import { env } from "@/env";
import { PAID_PLANS } from "@/shared/vocabulary";
import { routeName, type V1Route } from "../routes";
import { withApiKey, type HandlerArgs, type RouteResult } from "./with-api-key";

type BodyOf<R> = R extends { body: infer B extends z.ZodType } ? B : undefined;
type QueryOf<R> = R extends { query: infer Q extends z.ZodType } ? Q : undefined;

export type BoundRoute = ReturnType<typeof withApiKey> & { route: V1Route };

export function bindRoute<R extends V1Route>(
  route: R,
  handle: (args: HandlerArgs<BodyOf<R>, QueryOf<R>>) => Promise<RouteResult>,
): BoundRoute {
  const handler = withApiKey<BodyOf<R>, QueryOf<R>>({
    name: routeName(route),
    path: route.path,
    style: route.style,
    preview: route.preview,
    plans: route.paidOnly ? PAID_PLANS : undefined,
    generation: route.generation,
    body: route.body as BodyOf<R>,
    query: route.query as QueryOf<R>,
    bodyLimitBytes: route.bodyLimitSetting ? env[route.bodyLimitSetting] : undefined,
    handle,
  });
  return Object.assign(handler, { route });
}
