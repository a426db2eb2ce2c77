/** An owner sets (or with null turns off) the balance under which owners are mailed once. */
import "server-only";
import { setLowBalanceAlert } from "@/server/billing/set-low-balance-alert";
import type { StudioContext } from "../context";

export async function changeLowBalanceAlert(ctx: Pick<StudioContext, "db">, input: { workspaceId: string; threshold: number | null }) {
  await setLowBalanceAlert(ctx.db, input);
}
