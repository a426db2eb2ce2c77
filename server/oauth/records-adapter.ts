/**
 * The authorization server's storage (oidc-provider's adapter interface) in Postgres: one
 * row per model and id in studio.oauth_records, so every instance of the app shares
 * clients, interactions, grants, codes and tokens. Codes and tokens are bearer secrets:
 * they are kept under the SHA-256 hash of their value (and without it in the payload),
 * so a copy of the table redeems nothing.
 */
import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { oauthRecords } from "@/db/schema";

/** Models whose id is the secret the client holds. */
const SECRET_IDS = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "RegistrationAccessToken"]);

type Payload = Record<string, unknown>;

const hashed = (id: string) => crypto.createHash("sha256").update(id, "utf8").digest("hex");
const notExpired = () => or(isNull(oauthRecords.expiresAt), gt(oauthRecords.expiresAt, sql`now()`));

export class OAuthRecordsAdapter {
  constructor(private readonly model: string) {
    // oidc-provider names each model by its class; a bundler that minifies them would put every kind of record under one name and store tokens unhashed.
    if (!/^[A-Z][A-Za-z]{3,}$/.test(model))
      throw new Error(`oidc-provider's model name "${model}" was lost: load it unbundled (serverExternalPackages in next.config.mjs).`);
  }

  private key(id: string): string {
    return SECRET_IDS.has(this.model) ? hashed(id) : id;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const db = await getDb();
    const { jti: _secret, ...kept } = payload;
    const stored = SECRET_IDS.has(this.model) ? kept : payload;
    const expiresAt = typeof expiresIn === "number" ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload: stored,
      grantId: typeof payload.grantId === "string" ? payload.grantId : null,
      uid: typeof payload.uid === "string" ? payload.uid : null,
      expiresAt,
    };
    await db
      .insert(oauthRecords)
      .values({ model: this.model, id: this.key(id), ...row })
      .onConflictDoUpdate({ target: [oauthRecords.model, oauthRecords.id], set: row });
  }

  async find(id: string): Promise<Payload | undefined> {
    const db = await getDb();
    const [row] = await db
      .select({ payload: oauthRecords.payload, consumedAt: oauthRecords.consumedAt })
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, this.key(id)), notExpired()));
    if (!row) return undefined;
    const consumed = row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {};
    return { ...row.payload, ...(SECRET_IDS.has(this.model) ? { jti: id } : {}), ...consumed };
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const db = await getDb();
    const [row] = await db
      .select({ payload: oauthRecords.payload })
      .from(oauthRecords)
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.uid, uid), notExpired()));
    return row?.payload;
  }

  /** Device codes are not offered (the device flow is off). */
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const db = await getDb();
    await db
      .update(oauthRecords)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, this.key(id))));
  }

  async destroy(id: string): Promise<void> {
    const db = await getDb();
    await db.delete(oauthRecords).where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.id, this.key(id))));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const db = await getDb();
    await db.delete(oauthRecords).where(and(eq(oauthRecords.model, this.model), eq(oauthRecords.grantId, grantId)));
  }
}
