import "server-only";
import type { StudioContext } from "../context";
import { changeMapOf } from "./change-map-of";
import { findOutput } from "./find-output";

/** The change map of one finished output of the workspace, with the output's link (null for outputs that have none, e.g. videos). */
export async function showChangeMap(ctx: StudioContext, input: { workspaceId: string; outputId: string }) {
  const { output, generation, storageKey } = await findOutput(ctx, input);
  const store = ctx.storage;
  const map = await changeMapOf(store, { generation, output });
  return map ? { ...map, outputUrl: await store.url(storageKey) } : null;
}
