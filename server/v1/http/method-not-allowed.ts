/**
 * What a v1 path answers for an HTTP method it does not take: 405 `method_not_allowed`
 * in the path's body style, with `Allow` naming the methods the route table gives that
 * path, and an `x-request-id` like every answer. OPTIONS answers 204 with the same
 * `Allow`. On a preview route the deployment has not enabled, 404 `feature_unavailable`
 * comes first, as for its own methods (D2). Route files export these for every method
 * they do not bind, so Next's own empty 405 (and its OPTIONS, which would list every
 * export) never answers.
 */
import "server-only";
import { previewEnabled } from "@/env";
import { AppError } from "@/server/errors";
import { V1_ROUTES } from "../routes";
import { newRequestId, REQUEST_ID_HEADER } from "./request-id";
import { errorResponse } from "./respond";

type Handler = () => Response;
export type NotAllowedHandlers = Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", Handler>;

/** The methods the route table gives a path, as an `Allow` header lists them (HEAD with GET, as Next answers it). */
export function allowedMethods(path: string): string[] {
  const methods = V1_ROUTES.filter((route) => route.path === path).map((route) => route.method.toUpperCase());
  if (methods.length === 0) throw new Error(`${path} is not a path of the v1 route table.`);
  return [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
}

/** The handlers a route file exports for the methods its path does not take (it exports only those). */
export function methodsNotAllowed(path: string): NotAllowedHandlers {
  const allow = allowedMethods(path).join(", ");
  const { style, preview } = V1_ROUTES.find((route) => route.path === path)!;
  const refuse: Handler = () => {
    const hidden = preview !== undefined && !previewEnabled(preview);
    const error = new AppError(hidden ? "feature_unavailable" : "method_not_allowed");
    const response = errorResponse(style, error, new Date(), hidden ? {} : { Allow: allow });
    response.headers.set(REQUEST_ID_HEADER, newRequestId());
    return response;
  };
  const options: Handler = () => new Response(null, { status: 204, headers: { Allow: allow, [REQUEST_ID_HEADER]: newRequestId() } });
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}
