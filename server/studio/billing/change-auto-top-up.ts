/** An owner turns auto top-up on (threshold, pack) or off. */
import "server-only";
import { billingContextOf } from "@/server/billing/context";
import { setAutoTopUp } from "@/server/billing/set-auto-top-up";
import type { StudioContext } from "../context";

export async function changeAutoTopUp(ctx: Pick<StudioContext, "db" | "events" | "now">, input: { workspaceId: string; enabled: boolean; threshold: number; pack: number; userId: string; ip?: string | null }) {
  await setAutoTopUp(billingContextOf(ctx), { ...input, actorUserId: input.userId });
}
