/**
 * Calls a provider with the service's timeout and checks what comes back. A provider
 * that answers with bytes that are not a decodable image or video is treated as a
 * transient failure (retry), never stored as an output.
 */
import "server-only";
import { env } from "@/env";
import { sharp } from "@/server/images/sharp";
import { ProviderError, type ProviderResult } from "@/server/providers/types";

export async function callProvider(
  run: (signal: AbortSignal) => Promise<ProviderResult>,
  timeoutMs = env.V1_PROVIDER_TIMEOUT_MS,
): Promise<ProviderResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderError("The provider did not answer in time.", { transient: true, timeout: true }));
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([run(controller.signal), timeout]);
    await assertUsableOutputs(result);
    return result;
  } finally {
    clearTimeout(timer);
  }
}

async function assertUsableOutputs(result: ProviderResult): Promise<void> {
  if (!result?.outputs?.length) throw new ProviderError("The provider returned no output.", { transient: true });
  for (const output of result.outputs) {
    if (output.contentType === "video/mp4") {
      if (output.bytes.subarray(4, 8).toString("latin1") !== "ftyp")
        throw new ProviderError("The provider returned an invalid video.", { transient: true });
      continue;
    }
    try {
      await sharp(output.bytes).metadata();
    } catch {
      throw new ProviderError("The provider returned an invalid image.", { transient: true });
    }
  }
}
