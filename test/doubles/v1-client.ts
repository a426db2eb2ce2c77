/**
 * A recording double of the typed v1 client (server/v1/client/create-v1-client.ts), for
 * running studio verbs with an injected gateway (v1GatewayOver): one method per
 * operation of the route contract, each recording its call, then giving the answer the
 * test scripted for it, or refusing as the service would (a V1ApiError) when none was.
 */
import { V1_ROUTE_TABLE, type V1OperationId } from "@/server/v1/routes";
import type { V1Client } from "@/server/v1/client/create-v1-client";
import { V1ApiError } from "@/server/v1/client/v1-api-error";

export type ScriptedAnswers = { [K in V1OperationId]?: (...args: Parameters<V1Client[K]>) => Awaited<ReturnType<V1Client[K]>> | Promise<Awaited<ReturnType<V1Client[K]>>> };

export interface RecordingV1Client {
  client: V1Client;
  /** Every call in order: the operation and its arguments. */
  calls: { operation: V1OperationId; args: unknown[] }[];
}

/** A refusal as the client reports it; the default answer of an operation the test did not script. */
export function refusal(code: string, status = 403, message = `refused: ${code}`): V1ApiError {
  return new V1ApiError({ status, code, message });
}

export function recordingV1Client(answers: ScriptedAnswers): RecordingV1Client {
  const calls: RecordingV1Client["calls"] = [];
  const methods = (Object.keys(V1_ROUTE_TABLE) as V1OperationId[]).map((operation) => [
    operation,
    async (...args: unknown[]) => {
      calls.push({ operation, args });
      const answer = answers[operation] as ((...args: unknown[]) => unknown) | undefined;
      if (!answer) throw refusal("not_scripted", 501, `the test did not script ${operation}`);
      return answer(...args);
    },
  ]);
  return { client: Object.fromEntries(methods) as V1Client, calls };
}
