import "server-only";
import { and, gt, isNull, or, sql } from "drizzle-orm";
import { apiKeys } from "@/db/schema";

/** A key that works now: not revoked, and not past the end of a rotation's overlap. */
export const isLiveKey = () => and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)));
