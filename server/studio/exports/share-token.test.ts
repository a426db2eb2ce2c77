/**
 * Share tokens at rest: the table holds no token a visitor could use (only its hash and
 * the sealed token), links keep working, and links made before hashing are sealed by
 * the start-up backfill without breaking.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { shareLinks } from "@/db/schema/studio-generations";
import { projectFields } from "@/test/fixtures";
import { newPerson } from "@/test/callers";
import { sealStoredShareTokens, shareTokenHash } from "./share-token";
import { publishDraft } from "@/test/listing";

let owner: Awaited<ReturnType<typeof newPerson>>;
let workspaceId: string;

beforeAll(async () => {
  owner = await newPerson("Olivia");
  workspaceId = (await owner.api.workspaces.create({ name: "Token Realty" })).id;
});

afterAll(closeDb);

const tokenOf = (path: string) => path.split("/").pop()!;

describe("share tokens at rest", () => {
  it("stores only the token's hash and its sealed form; the link opens the page", async () => {
    const { id: projectId } = await owner.api.projects.create({ workspaceId, fields: projectFields });
    const link = await publishDraft(owner.api, { workspaceId, projectId });
    const token = tokenOf(link.path);
    const [row] = await (await getDb()).select().from(shareLinks).where(eq(shareLinks.projectId, projectId));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token).toBeNull();
    expect(row.tokenHash).toBe(shareTokenHash(token));
    // Whoever reads the table cannot open the page with what is in it.
    for (const value of [row.tokenHash, row.tokenSealed!]) {
      await expect(owner.api.exports.share({ token: value })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await owner.api.exports.share({ token })).items).toEqual([]);
    expect((await owner.api.exports.shareLink({ workspaceId, projectId }))?.path).toBe(link.path);
  });

  it("keeps a link made before hashing working, and seals its plaintext token at start", async () => {
    const db = await getDb();
    const { id: projectId } = await owner.api.projects.create({ workspaceId, fields: projectFields });
    const legacy = "legacyPlaintextToken_0123456789abcdef";
    // A row as the migration leaves an old link: plaintext token, hash filled in SQL, nothing sealed.
    await db.execute(sql`
      insert into studio.share_links (workspace_id, project_id, token, token_hash)
      values (${workspaceId}, ${projectId}, ${legacy}, encode(sha256(convert_to(${legacy}, 'UTF8')), 'hex'))`);
    expect((await owner.api.exports.share({ token: legacy })).items).toEqual([]);

    expect(await sealStoredShareTokens(db)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(shareLinks).where(eq(shareLinks.projectId, projectId));
    expect(JSON.stringify(row)).not.toContain(legacy);
    expect((await owner.api.exports.share({ token: legacy })).items).toEqual([]);
    expect((await owner.api.exports.shareLink({ workspaceId, projectId }))?.path).toMatch(new RegExp(`/${legacy}$`));
    expect(await sealStoredShareTokens(db)).toBe(0);
  });
});
