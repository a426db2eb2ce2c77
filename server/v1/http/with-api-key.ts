/**
 * The one wrapper of every /api/v1 route. It applies the checks of D2 in order —
 * preview flag, key and its scope, rate limit, body and query validation, plan,
 * Idempotency-Key — then calls the route's handler, which runs one service verb (quota
 * and credits are taken inside that verb's transaction). Every refusal is an AppError
 * turned into the route's body style here, so no route writes its own error bodies.
 * Every answer carries `x-request-id`, and every request made with a live key goes to
 * the account's request log (D16), written in batches after the answer.
 */
import "server-only";
import { after } from "next/server";
import type { z } from "zod";
import { env, previewEnabled, type PreviewFeature } from "@/env";
import type { Plan } from "@/shared/vocabulary";
import { clientIp } from "@/server/auth/client-ip";
import { AppError, toAppError } from "@/server/errors";
import { createVerbContext, type VerbContext } from "@/server/context";
import { authenticateKey, type AuthenticatedAccount, type AuthenticatedKey } from "../services/keys/authenticate-key";
import { authenticateKeyCached } from "../services/keys/key-cache";
import { flushRequestLog, recordRequest, requestLogEnabled } from "../services/requests/request-recorder";
import { IMAGE_POOL_RETRY_AFTER_SECONDS } from "../services/media/image-work-pool";
import { claimIdempotencyKey, completeIdempotencyKey, parseIdempotencyKey, releaseIdempotencyKey, requestFingerprint } from "./idempotency";
import { countInvalidKey, invalidKeyRefusal } from "./invalid-key-limit";
import { checkRateLimit } from "./rate-limit";
import { readJsonBody } from "./read-body";
import { newRequestId, REQUEST_ID_HEADER } from "./request-id";
import { errorCodeOf, errorResponse, json, type ResponseStyle } from "./respond";
import { validate } from "./validation";
import { logError } from "@/server/log";

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface HandlerArgs<B extends Schema, Q extends Schema> {
  ctx: VerbContext;
  account: AuthenticatedAccount;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Record<string, string>;
  request: Request;
}

export interface RouteSpec<B extends Schema, Q extends Schema> {
  /** "METHOD /path", used to scope idempotency keys and in logs. */
  name: string;
  /** The path template (`/jobs/{jobSource}`), as the request log names the route. */
  path: string;
  style: ResponseStyle;
  preview?: PreviewFeature;
  plans?: readonly Plan[];
  /** A generation POST: consumes quota and honours Idempotency-Key. */
  generation?: boolean;
  body?: B;
  query?: Q;
  bodyLimitBytes?: number;
  handle(args: HandlerArgs<B, Q>): Promise<RouteResult>;
}

type NextRouteContext = { params?: Promise<Record<string, string | string[]>> };

/** Who called, once the key is known: what the request log records. */
interface Caller {
  account?: AuthenticatedAccount;
  key?: AuthenticatedKey;
  ip?: string;
}

export function withApiKey<B extends Schema = undefined, Q extends Schema = undefined>(spec: RouteSpec<B, Q>) {
  return async function route(request: Request, routeContext?: NextRouteContext): Promise<Response> {
    const now = new Date();
    const started = performance.now();
    const requestId = newRequestId();
    const caller: Caller = {};
    const { response, errorCode } = await answer(spec, request, routeContext, now, caller);
    response.headers.set(REQUEST_ID_HEADER, requestId);
    if (caller.account && caller.key && requestLogEnabled()) {
      recordRequest({
        accountId: caller.account.id,
        keyId: caller.key.id,
        keyPrefix: caller.key.prefix,
        method: request.method,
        route: spec.path,
        status: response.status,
        latencyMs: Math.round(performance.now() - started),
        requestId,
        idempotencyKey: spec.generation ? (request.headers.get("idempotency-key")?.slice(0, 255) ?? null) : null,
        errorCode,
        at: now,
        ip: caller.ip ?? "unknown",
      });
      // A Vercel function may be frozen once it has answered: keep it until the rows are written.
      if (env.VERCEL) after(flushRequestLog);
    }
    return response;
  };
}

async function answer<B extends Schema, Q extends Schema>(
  spec: RouteSpec<B, Q>,
  request: Request,
  routeContext: NextRouteContext | undefined,
  now: Date,
  caller: Caller,
): Promise<{ response: Response; errorCode: string | null }> {
  let headers: Record<string, string> = {};
  try {
    if (spec.preview && !previewEnabled(spec.preview)) throw new AppError("feature_unavailable");

    const apiKey = request.headers.get("x-api-key");
    if (!apiKey) throw new AppError("missing_api_key");
    const ip = clientIp(request.headers);
    const refusedFor = invalidKeyRefusal(ip);
    if (refusedFor !== null) {
      headers = { "Retry-After": String(refusedFor) };
      throw invalidKeysRefused();
    }
    const ctx = await createVerbContext();
    // Reads may use the cached account; writes see its current balance and quota.
    const authenticated = await (request.method === "GET" ? authenticateKeyCached : authenticateKey)(ctx.db, apiKey);
    if (!authenticated) {
      const wait = await countInvalidKey(ctx.db, ip);
      if (wait !== null) {
        headers = { "Retry-After": String(wait) };
        throw invalidKeysRefused();
      }
      throw new AppError("invalid_api_key");
    }
    const { account, key } = authenticated;
    Object.assign(caller, { account, key, ip });
    if (key.scope === "read_only" && request.method !== "GET") throw new AppError("insufficient_scope");

    const limit = await checkRateLimit(ctx.db, account);
    headers = limit.headers;
    if (!limit.allowed) throw new AppError("rate_limited");

    const rawBody = spec.body ? await readJsonBody(request, spec.bodyLimitBytes ?? env.V1_JSON_BODY_LIMIT_BYTES) : undefined;
    const body = (spec.body ? validate(spec.body, rawBody) : undefined) as Parsed<B>;
    const query = (spec.query ? validate(spec.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined) as Parsed<Q>;
    const params = await resolveParams(routeContext);

    if (spec.plans && !spec.plans.includes(account.plan)) throw new AppError("plan_required");

    const args: HandlerArgs<B, Q> = { ctx, account, body, query, params, request };
    const idempotencyKey = spec.generation ? parseIdempotencyKey(request.headers.get("idempotency-key")) : null;
    const result = idempotencyKey ? await runIdempotent(spec, args, idempotencyKey, rawBody, now) : await spec.handle(args);
    const status = result.status ?? 200;
    // A failure answered as a result (a failed synchronous job) still names its code in the log.
    return {
      response: json(result.body, status, { ...headers, ...result.headers }),
      errorCode: status >= 400 ? errorCodeOf(result.body) : null,
    };
  } catch (thrown) {
    const error = toAppError(thrown);
    if (error.code === "internal_error") logError(`[v1] ${spec.name} failed`, thrown);
    const busy: Record<string, string> = error.code === "server_busy" ? { "Retry-After": String(IMAGE_POOL_RETRY_AFTER_SECONDS) } : {};
    return { response: errorResponse(spec.style, error, now, { ...headers, ...busy }), errorCode: error.code };
  }
}

/** The address sent too many wrong keys (invalid-key-limit.ts); even a right one waits. */
function invalidKeysRefused(): AppError {
  return new AppError(
    "rate_limited",
    "Too many requests with an invalid API key came from your address. Try again after Retry-After seconds.",
  );
}

async function runIdempotent<B extends Schema, Q extends Schema>(
  spec: RouteSpec<B, Q>,
  args: HandlerArgs<B, Q>,
  key: string,
  rawBody: unknown,
  now: Date,
): Promise<RouteResult> {
  const db = args.ctx.db;
  const accountId = args.account.id;
  const claim = await claimIdempotencyKey(db, {
    accountId,
    key,
    route: spec.name,
    fingerprint: requestFingerprint(spec.name, rawBody),
    now,
  });
  if (claim.kind === "replay") return { status: claim.status, body: JSON.parse(claim.body), headers: { "Idempotency-Replayed": "true" } };
  try {
    const result = await spec.handle(args);
    await completeIdempotencyKey(db, { accountId, key, status: result.status ?? 200, body: JSON.stringify(result.body) });
    return result;
  } catch (error) {
    // A thrown refusal accepted nothing: free the key so a corrected retry runs.
    await releaseIdempotencyKey(db, { accountId, key });
    throw error;
  }
}

async function resolveParams(routeContext?: NextRouteContext): Promise<Record<string, string>> {
  const raw = (await routeContext?.params) ?? {};
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
}
