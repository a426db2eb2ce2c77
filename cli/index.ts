/**
 * The admin command line (`npm run admin -- …`): accounts, keys, credits, plans and
 * webhook endpoints of the v1 service (D1), a workspace's members, and the durable runs
 * of the local executor.
 * Prints JSON with --json, readable lines otherwise; exits 1 with a message on errors.
 */
import { parseArgs } from "node:util";
import { closeDb, getDb } from "@/db/client";
import type { Plan } from "@/shared/vocabulary";
import { AppError } from "@/server/errors";
import { createAccount } from "@/server/v1/services/accounts/create-account";
import { setPlan } from "@/server/v1/services/accounts/set-plan";
import { showAccount } from "@/server/v1/services/accounts/show-account";
import { grantCredits } from "@/server/v1/services/billing/grant-credits";
import { workspaceAccount } from "@/server/billing/workspace-account";
import { addCredits } from "@/server/billing/add-credits";
import { applyPlan } from "@/server/billing/apply-plan";
import { createStudioContext } from "@/server/studio/context";
import { listApiKeys } from "@/server/studio/developers/list-api-keys";
import { changeMemberRole } from "@/server/studio/members/change-member-role";
import { listMembers } from "@/server/studio/members/list-members";
import { memberByEmail } from "@/server/studio/members/member-by-email";
import { removeMember } from "@/server/studio/members/remove-member";
import { workspaceBySlug } from "@/server/studio/workspaces/workspace-by-slug";
import { createKey } from "@/server/v1/services/keys/create-key";
import { listKeys } from "@/server/v1/services/keys/list-keys";
import { revokeKey } from "@/server/v1/services/keys/revoke-key";
import { createEndpoint } from "@/server/v1/services/webhooks/create-endpoint";
import { listEndpoints } from "@/server/v1/services/webhooks/list-endpoints";
import { removeWebhook } from "@/server/v1/services/webhooks/remove-webhook";
import { setWebhook } from "@/server/v1/services/webhooks/set-webhook";
import { hasPermission, OWNER } from "@/shared/roles";
import { KEY_SCOPES, WEBHOOK_EVENT_TYPES, WORKSPACE_ROLES, type KeyScope, type WorkspaceRole } from "@/shared/vocabulary";

const USAGE = `Usage: npm run admin -- <command> [options] [--json]

  account create --name N --plan free|premium|business [--credits C] [--quota Q]
  account credits --account ID --add N        (a negative N removes credits)
  account plan --account ID --plan P [--quota Q]
  account show --account ID
  workspace show --workspace SLUG             (its v1 account, plan, balance and billing)
  workspace plan --workspace SLUG --plan P [--quota Q]
  workspace credits --workspace SLUG --add N
  key create --account ID [--name N] [--scope full|read_only]
  key list --account ID | --workspace SLUG    (working keys: who made each, who holds it now)
  key revoke --key-prefix X
  webhook set --account ID --url URL          (replaces the account's endpoints with this one)
  webhook add --account ID --url URL [--events job.completed,job.failed] [--description D]
  webhook list --account ID
  webhook remove --account ID [--endpoint ID] (all of the account's endpoints unless one is named)
  member list --workspace SLUG
  member remove --workspace SLUG --email E [--hand-over-to OWNER_EMAIL]
  member role --workspace SLUG --email E --role owner|admin|agent [--hand-over-to OWNER_EMAIL]
      Removing a member, or making one an agent, revokes the API keys and webhook endpoints
      they hold and withdraws their pending invitations, unless --hand-over-to names an owner
      to take the keys and endpoints over; the owners are mailed.
  runs list [--limit N] [--status S]          (runs of the local executor)`;

const OPTIONS = {
  name: { type: "string" },
  plan: { type: "string" },
  credits: { type: "string" },
  quota: { type: "string" },
  account: { type: "string" },
  add: { type: "string" },
  "key-prefix": { type: "string" },
  workspace: { type: "string" },
  url: { type: "string" },
  scope: { type: "string" },
  events: { type: "string" },
  description: { type: "string" },
  endpoint: { type: "string" },
  email: { type: "string" },
  role: { type: "string" },
  "hand-over-to": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = Partial<Record<keyof typeof OPTIONS, string | boolean>>;

function required(values: Values, name: keyof typeof OPTIONS): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new AppError("invalid_request", `--${name} is required.`);
  return value;
}

function optional(values: Values, name: keyof typeof OPTIONS): string | undefined {
  const value = values[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function scope(values: Values): KeyScope | undefined {
  const value = optional(values, "scope");
  if (value !== undefined && !(KEY_SCOPES as readonly string[]).includes(value))
    throw new AppError("invalid_request", `--scope must be one of ${KEY_SCOPES.join(", ")}.`);
  return value as KeyScope | undefined;
}

function role(values: Values): WorkspaceRole {
  const value = required(values, "role");
  if (!(WORKSPACE_ROLES as readonly string[]).includes(value))
    throw new AppError("invalid_request", `--role must be one of ${WORKSPACE_ROLES.join(", ")}.`);
  return value as WorkspaceRole;
}

/**
 * The member named by --email in --workspace, and the owner --hand-over-to names (who must
 * be an owner: checked with the change). The operator acts as no one, with an owner's reach.
 */
async function memberChange(values: Values) {
  const ctx = await createStudioContext();
  const workspace = await workspaceBySlug(ctx, required(values, "workspace"));
  const member = await memberByEmail(ctx, { workspaceId: workspace.id, email: required(values, "email") });
  const handToEmail = optional(values, "hand-over-to");
  const handTo = handToEmail ? (await memberByEmail(ctx, { workspaceId: workspace.id, email: handToEmail })).userId : undefined;
  const change = {
    workspaceId: workspace.id,
    actorUserId: null,
    actorRole: OWNER,
    userId: member.userId,
    credentials: handTo ? ("hand_over" as const) : ("revoke" as const),
    handTo,
  };
  return { ctx, change, credentials: handToEmail ? `handed over to ${handToEmail}` : "revoked" };
}

function integer(values: Values, name: keyof typeof OPTIONS): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (typeof value !== "string" || !/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed)) {
    throw new AppError("invalid_request", `--${name} must be a whole number.`);
  }
  return parsed;
}

async function run(command: string, values: Values): Promise<unknown> {
  const db = await getDb();
  const now = new Date();
  switch (command) {
    case "account create": {
      const result = await createAccount(
        { db },
        {
          name: required(values, "name"),
          plan: required(values, "plan") as Plan,
          credits: integer(values, "credits"),
          quota: integer(values, "quota"),
        },
      );
      return { account_id: result.accountId, api_key: result.apiKey };
    }
    case "account credits":
      return grantCredits(db, {
        accountId: required(values, "account"),
        amount: integer(values, "add") ?? 0,
        note: "admin",
        source: "operator",
      });
    case "account plan":
      await setPlan(db, {
        accountId: required(values, "account"),
        plan: required(values, "plan") as Plan,
        quota: integer(values, "quota"),
        source: "operator",
      });
      return showAccount(db, { accountId: required(values, "account"), now });
    case "workspace show": {
      const workspace = await workspaceAccount(db, required(values, "workspace"));
      return {
        workspace_id: workspace.workspaceId,
        ...(await showAccount(db, { accountId: workspace.accountId, now })),
        billing: workspace.billing,
      };
    }
    case "workspace plan": {
      const { accountId } = await workspaceAccount(db, required(values, "workspace"));
      const plan = required(values, "plan") as Plan;
      // A workspace's plan comes with the plan table's quota unless one is named; the change is in its audit log.
      await applyPlan(db, { accountId, plan, quota: integer(values, "quota"), source: "operator", actor: { kind: "operator" } });
      return showAccount(db, { accountId, now });
    }
    case "workspace credits":
      // In the workspace's audit log, as the studio's billing changes are.
      return addCredits(
        { db },
        {
          workspaceId: (await workspaceAccount(db, required(values, "workspace"))).workspaceId,
          amount: integer(values, "add") ?? 0,
          actor: { kind: "operator" },
        },
      );
    case "account show":
      return showAccount(db, { accountId: required(values, "account"), now });
    case "key create": {
      const key = await createKey(db, {
        accountId: required(values, "account"),
        name: optional(values, "name"),
        scope: scope(values),
        createdBy: "admin",
      });
      return { api_key: key.apiKey, prefix: key.prefix };
    }
    case "key list": {
      const slug = optional(values, "workspace");
      if (slug) return { keys: await listApiKeys({ db }, { workspaceId: (await workspaceBySlug({ db }, slug)).id }) };
      const keys = await listKeys(db, { accountId: required(values, "account") });
      return { keys: keys.map(({ keyHash: _hash, ...key }) => key) };
    }
    case "key revoke":
      return revokeKey(db, { prefix: required(values, "key-prefix") });
    case "member list":
      return { members: await listMembers({ db }, { workspaceId: (await workspaceBySlug({ db }, required(values, "workspace"))).id }) };
    case "member remove": {
      const { ctx, change, credentials } = await memberChange(values);
      await removeMember(ctx, change);
      return { removed: required(values, "email"), keys_and_endpoints: credentials };
    }
    case "member role": {
      const { ctx, change, credentials } = await memberChange(values);
      const to = role(values);
      await changeMemberRole(ctx, { ...change, role: to });
      return {
        member: required(values, "email"),
        role: to,
        ...(hasPermission(to, "manage_developers") ? {} : { keys_and_endpoints: credentials }),
      };
    }
    case "webhook set":
      return setWebhook(db, { accountId: required(values, "account"), url: required(values, "url") });
    case "webhook add": {
      const events = optional(values, "events")
        ?.split(",")
        .map((type) => type.trim()) ?? [...WEBHOOK_EVENT_TYPES];
      const added = await createEndpoint(db, {
        accountId: required(values, "account"),
        url: required(values, "url"),
        eventTypes: events,
        description: optional(values, "description"),
        createdBy: "admin",
      });
      return { endpoint_id: added.endpointId, secret: added.secret };
    }
    case "webhook list":
      return { endpoints: await listEndpoints(db, { accountId: required(values, "account") }) };
    case "webhook remove":
      return removeWebhook(db, { accountId: required(values, "account"), endpointId: optional(values, "endpoint") });
    default:
      throw new AppError("invalid_request", `Unknown command "${command}".\n\n${USAGE}`);
  }
}

function print(result: unknown, asJson: boolean) {
  if (asJson) return console.log(JSON.stringify(result));
  for (const [key, value] of Object.entries(result as Record<string, unknown>)) {
    console.log(`${key}: ${typeof value === "object" && value !== null ? JSON.stringify(value) : value}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const [group, verb, ...rest] = argv;
  if (!group || group === "--help" || group === "-h") {
    console.log(USAGE);
    return group ? 0 : 1;
  }
  if (group === "runs") {
    const { runRunsCommand } = await import("./runs");
    await runRunsCommand([verb, ...rest].filter(Boolean) as string[]);
    return 0;
  }
  const { values } = parseArgs({ args: attachNegativeNumbers(rest), options: OPTIONS, strict: true, allowPositionals: false });
  if (values.help) return (console.log(USAGE), 0);
  const result = await run(`${group} ${verb ?? ""}`.trim(), values);
  print(result, Boolean(values.json));
  return 0;
}

/** `--add -5` means minus five, not an option named 5: join it as `--add=-5`. */
function attachNegativeNumbers(args: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith("--") && !args[i].includes("=") && /^-\d+$/.test(args[i + 1] ?? "")) joined.push(`${args[i]}=${args[++i]}`);
    else joined.push(args[i]);
  }
  return joined;
}

/** Drizzle wraps driver errors; the Postgres error code is on the cause. */
function pgCode(error: unknown): string | undefined {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.cause?.code ?? candidate?.code;
}

main(process.argv.slice(2))
  .catch((error: unknown) => {
    const message =
      error instanceof AppError || (error instanceof TypeError && "code" in error)
        ? error.message
        : pgCode(error) === "22P02"
          ? "An id given is not a valid id (expected a UUID)."
          : String(error);
    console.error(`error: ${message}`);
    return 1;
  })
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  });
