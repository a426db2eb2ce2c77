/**
 * The Developers section (D16): the workspace account's API keys, request log and webhook
 * endpoints. Only members whose role holds manage_developers (shared/roles.ts); others
 * are refused every procedure. Every change of a key or an endpoint goes to the workspace's
 * audit log with who made it and from where.
 */
import "server-only";
import { z } from "zod";
import { createApiKey } from "@/server/studio/developers/create-api-key";
import { createWebhookEndpoint } from "@/server/studio/developers/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/server/studio/developers/delete-webhook-endpoint";
import { enableWebhookEndpoint } from "@/server/studio/developers/enable-webhook-endpoint";
import { listApiKeys } from "@/server/studio/developers/list-api-keys";
import { listConnectedApps } from "@/server/studio/developers/list-connected-apps";
import { listRequestLog } from "@/server/studio/developers/list-request-log";
import { listWebhookDeliveries } from "@/server/studio/developers/list-webhook-deliveries";
import { listWebhookEndpoints } from "@/server/studio/developers/list-webhook-endpoints";
import { redeliverWebhook } from "@/server/studio/developers/redeliver-webhook";
import { revokeApiKey } from "@/server/studio/developers/revoke-api-key";
import { revokeConnectedApp } from "@/server/studio/developers/revoke-connected-app";
import { rotateApiKey } from "@/server/studio/developers/rotate-api-key";
import { rotateWebhookSecret } from "@/server/studio/developers/rotate-webhook-secret";
import { sendWebhookTest } from "@/server/studio/developers/send-webhook-test";
import { updateWebhookEndpoint } from "@/server/studio/developers/update-webhook-endpoint";
import {
  KEY_SCOPES,
  MAX_KEY_NAME_LENGTH,
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  ROTATION_OVERLAP_HOURS,
  STATUS_CLASSES,
  WEBHOOK_EVENT_TYPES,
} from "@/shared/vocabulary";
import { permittedProcedure, router } from "../procedures";

const manager = () => permittedProcedure("manage_developers");
/** Whose change it is, for the workspace's audit log (every key and endpoint change is recorded). */
const who = (ctx: { workspace: { id: string }; user: { id: string }; ip: string }) => ({
  workspaceId: ctx.workspace.id,
  userId: ctx.user.id,
  ip: ctx.ip,
});
const OverlapSchema = z.union(ROTATION_OVERLAP_HOURS.map((hours) => z.literal(hours)));
const EndpointFieldsSchema = z.object({
  url: z.string().trim().min(1, "Enter the endpoint's URL.").max(2048),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, "Choose at least one event type."),
  description: z.string().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH).default(""),
});

export const developersRouter = router({
  keys: manager().query(({ ctx }) => listApiKeys(ctx.studio, { workspaceId: ctx.workspace.id })),

  createKey: manager()
    .input(
      z.object({
        name: z.string().trim().min(1, "Name the key after what will use it.").max(MAX_KEY_NAME_LENGTH),
        scope: z.enum(KEY_SCOPES),
      }),
    )
    .mutation(({ ctx, input }) => createApiKey(ctx.studio, { ...input, ...who(ctx) })),

  rotateKey: manager()
    .input(z.object({ keyId: z.uuid(), overlapHours: OverlapSchema }))
    .mutation(({ ctx, input }) => rotateApiKey(ctx.studio, { ...input, ...who(ctx) })),

  revokeKey: manager()
    .input(z.object({ keyId: z.uuid() }))
    .mutation(({ ctx, input }) => revokeApiKey(ctx.studio, { ...who(ctx), keyId: input.keyId })),

  /** AI assistants signed in with OAuth for this workspace (server/oauth). */
  connectedApps: manager().query(({ ctx }) => listConnectedApps(ctx.studio, { workspaceId: ctx.workspace.id })),

  revokeConnectedApp: manager()
    .input(z.object({ connectionId: z.uuid() }))
    .mutation(({ ctx, input }) => revokeConnectedApp(ctx.studio, { ...who(ctx), connectionId: input.connectionId })),

  requests: manager()
    .input(
      z.object({
        keyId: z.uuid().optional(),
        studioCalls: z.boolean().optional(),
        statusClass: z.enum(STATUS_CLASSES).optional(),
        route: z.string().max(100).optional(),
        from: z.date().optional(),
        to: z.date().optional(),
        cursor: z.object({ at: z.date(), id: z.number().int() }).optional(),
      }),
    )
    .query(({ ctx, input }) => listRequestLog(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),

  webhooks: manager()
    .input(z.object({ endpointId: z.uuid().optional() }))
    .query(({ ctx, input }) => listWebhookEndpoints(ctx.studio, { workspaceId: ctx.workspace.id, endpointId: input.endpointId })),

  createWebhook: manager()
    .input(EndpointFieldsSchema)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.studio, { ...input, ...who(ctx) })),

  updateWebhook: manager()
    .input(EndpointFieldsSchema.extend({ endpointId: z.uuid() }))
    .mutation(({ ctx, input }) => updateWebhookEndpoint(ctx.studio, { ...input, ...who(ctx) })),

  rotateWebhookSecret: manager()
    .input(z.object({ endpointId: z.uuid(), overlapHours: OverlapSchema }))
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.studio, { ...input, ...who(ctx) })),

  deleteWebhook: manager()
    .input(z.object({ endpointId: z.uuid() }))
    .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.studio, { ...who(ctx), endpointId: input.endpointId })),

  enableWebhook: manager()
    .input(z.object({ endpointId: z.uuid() }))
    .mutation(({ ctx, input }) => enableWebhookEndpoint(ctx.studio, { ...who(ctx), endpointId: input.endpointId })),

  sendTestEvent: manager()
    .input(z.object({ endpointId: z.uuid() }))
    .mutation(({ ctx, input }) => sendWebhookTest(ctx.studio, { workspaceId: ctx.workspace.id, endpointId: input.endpointId })),

  deliveries: manager()
    .input(z.object({ endpointId: z.uuid(), cursor: z.object({ at: z.date(), id: z.uuid() }).optional() }))
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),

  redeliver: manager()
    .input(z.object({ deliveryId: z.uuid() }))
    .mutation(({ ctx, input }) => redeliverWebhook(ctx.studio, { workspaceId: ctx.workspace.id, deliveryId: input.deliveryId })),
});
