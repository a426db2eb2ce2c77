/** /api/v1 itself is not a route of the contract: the API's JSON 404. */
import { apiNotFound } from "@/server/v1/http/not-found";

export const dynamic = "force-dynamic";

export const GET = apiNotFound;
export const POST = apiNotFound;
