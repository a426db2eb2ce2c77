/**
 * Any path under /api/v1 that is not one of the 13 routes answers the API's 404 as
 * JSON, instead of the studio's HTML not-found page.
 */
import { apiNotFound } from "@/server/v1/http/not-found";

export const dynamic = "force-dynamic";

export const GET = apiNotFound;
export const POST = apiNotFound;
export const PUT = apiNotFound;
export const PATCH = apiNotFound;
export const DELETE = apiNotFound;
