/**
 * The order every synchronous image route (inpaint, upscale, property description)
 * follows: refuse before any work when the account cannot pay, then, holding a slot of
 * the image-work pool, read the inputs and make the charged run (run-charged-sync.ts).
 */
import "server-only";
import type { ServiceContext } from "../../context";
import { preflightGeneration } from "../billing/preflight-generation";
import type { AuthenticatedAccount } from "../keys/authenticate-key";
import { withImageWorkSlot } from "./image-work-pool";
import { runChargedSync, type ChargedSyncInput } from "./run-charged-sync";

export async function chargedImageWork<I, R extends Record<string, unknown>>(
  ctx: ServiceContext,
  input: { account: AuthenticatedAccount; cost: number },
  read: () => Promise<I>,
  charged: (inputs: I) => Omit<ChargedSyncInput<R>, "account" | "cost">,
) {
  await preflightGeneration(ctx.db, { account: input.account, now: ctx.now(), cost: input.cost });
  return withImageWorkSlot(async () => runChargedSync(ctx, { ...input, ...charged(await read()) }));
}
