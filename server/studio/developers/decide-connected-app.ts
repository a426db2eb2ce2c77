/**
 * A person's answer on the consent page of an AI assistant's sign-in. Approving, for a
 * workspace where they may manage developer access, makes the connection: a key of the
 * workspace's account with the chosen scope (what the MCP server calls the API with, so
 * the app is charged, limited and logged as the workspace), the authorization server's
 * grant, and an audit entry, all or nothing. Declining tells the app so. Either way the
 * answer is saved on the authorization request, whose browser then resumes it.
 *
 * A repeated answer (a double click, a second tab) changes nothing: the first one stands.
 */
import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { connectedApps } from "@/db/schema";
import { encryptSecret } from "@/server/crypto/secret-box";
import { AppError } from "@/server/errors";
import { declined, describeConsent, finishConsent, grantConsent, pendingInteraction } from "@/server/oauth/consent";
import { createKey } from "@/server/v1/services/keys/create-key";
import { holdersOf } from "@/shared/roles";
import { MAX_KEY_NAME_LENGTH, type KeyScope } from "@/shared/vocabulary";
import { recordAudit } from "../audit/record-audit";
import type { StudioContext } from "../context";
import { emailStatus } from "../users/email-status";
import { findMembership } from "../workspaces/find-membership";
import { developerAccount, studioActor } from "./developer-account";
import { connectedAppAuditTarget } from "./list-connected-apps";

export type ConnectedAppDecision = { decision: "deny" } | { decision: "approve"; workspaceId: string; scope: KeyScope };

export interface DecideInput {
  /** The interaction's id, from the consent page's URL. */
  uid: string;
  /** The browser's cookies: the interaction is found by the cookie the authorization server set. */
  cookie: string;
  userId: string;
  ip?: string;
  answer: ConnectedAppDecision;
}

const NO_REQUEST = "This sign-in request has expired or belongs to another browser. Go back to the app and connect Atrium again.";

/** Where the browser goes next: back to the authorization server, which answers the app. */
export async function decideConnectedApp(ctx: Pick<StudioContext, "db">, input: DecideInput): Promise<{ redirectTo: string }> {
  const interaction = await pendingInteraction(input.uid, input.cookie);
  if (!interaction) throw new AppError("not_found", NO_REQUEST);
  if (interaction.result) return { redirectTo: interaction.returnTo };
  if (input.answer.decision === "deny") return { redirectTo: await finishConsent(interaction, declined) };

  const { workspaceId, scope } = input.answer;
  if (!z.uuid().safeParse(workspaceId).success) throw new AppError("invalid_request", "Choose a workspace.");
  if (!(await emailStatus(ctx, { userId: input.userId })).verified) {
    throw new AppError(
      "email_unconfirmed",
      "Confirm your email address before connecting an app that can use a workspace's quota and credits.",
    );
  }
  const membership = await findMembership(ctx, { workspaceId, userId: input.userId });
  if (!membership) throw new AppError("not_found", "Workspace not found.");
  if (!membership.permissions.includes("manage_developers")) {
    throw new AppError("forbidden", `Only ${holdersOf("manage_developers")} can connect apps to ${membership.name}.`);
  }
  const { accountId } = await developerAccount(ctx, workspaceId);
  const request = await describeConsent(interaction);

  return ctx.db.transaction(async (tx) => {
    // One answer per request: a second one waits here, then finds the first one's result.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`oauth-consent:${input.uid}`}))`);
    const current = await pendingInteraction(input.uid, input.cookie);
    if (!current) throw new AppError("not_found", NO_REQUEST);
    if (current.result) return { redirectTo: current.returnTo };

    const connectionId = crypto.randomUUID();
    const name = `Connected app: ${request.clientName}`.slice(0, MAX_KEY_NAME_LENGTH);
    const key = await createKey(tx, { accountId, name, scope, createdBy: studioActor(input.userId) });
    const grantId = await grantConsent(current, { connectionId, scope });
    await tx.insert(connectedApps).values({
      id: connectionId,
      workspaceId,
      userId: input.userId,
      clientId: request.clientId,
      clientName: request.clientName,
      redirectHost: request.redirectHost,
      scope,
      grantId,
      apiKeyId: key.id,
      apiKeySealed: encryptSecret(key.apiKey),
    });
    await recordAudit(tx, {
      workspaceId,
      actorUserId: input.userId,
      action: "connected_app_approved",
      target: connectedAppAuditTarget(request),
      detail: { scope, redirect_host: request.redirectHost, key: key.prefix },
      ip: input.ip,
    });
    return { redirectTo: await finishConsent(current, { login: { accountId: connectionId }, consent: { grantId } }) };
  });
}
