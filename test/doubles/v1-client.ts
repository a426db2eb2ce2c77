/**
 * A recording double of the SDK client (@atrium/sdk, createAtriumClient), for
 * running studio verbs with an injected gateway (v1GatewayOver): one method per
 * operation of the route contract, each recording its call, then giving the answer the
 * test scripted for it, or refusing as the service would (a AtriumApiError) when none was.
 */
import { V1_ROUTE_TABLE, type V1OperationId } from "@/server/v1/routes";
import { AtriumApiError, type AtriumClient } from "@atrium/sdk";

export type ScriptedAnswers = {
  [K in V1OperationId]?: (
    ...args: Parameters<AtriumClient[K]>
  ) => Awaited<ReturnType<AtriumClient[K]>> | Promise<Awaited<ReturnType<AtriumClient[K]>>>;
};

export interface RecordingV1Client {
  client: AtriumClient;
  /** Every call in order: the operation and its arguments. */
  calls: { operation: V1OperationId; args: unknown[] }[];
}

/** A refusal as the client reports it; the default answer of an operation the test did not script. */
export function refusal(code: string, status = 403, message = `refused: ${code}`): AtriumApiError {
  return new AtriumApiError({ status, code, message });
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
  return { client: Object.fromEntries(methods) as AtriumClient, calls };
}
