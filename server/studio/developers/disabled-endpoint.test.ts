/**
 * An endpoint that fails every delivery for 5 days is turned off (D16) and the owners of
 * the workspace are mailed: failures under 5 days, or a success in between, keep it on.
 */
import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { workspaces } from "@/db/schema/studio";
import { listOutbox } from "@/server/email/list-outbox";
import { newPerson } from "@/test/callers";
import { attemptDelivery } from "@/server/v1/services/webhooks/attempt-delivery";
import { createEndpoint } from "@/server/v1/services/webhooks/create-endpoint";
import { queueDeliveries } from "@/server/v1/services/webhooks/queue-deliveries";
import { createStudioContext } from "../context";
import { mailDisabledEndpoint } from "./mail-disabled-endpoint";

let receiver: http.Server;
const answers: number[] = [];
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(answers.shift() ?? 500).end());
  });
  await new Promise<void>((resolve) => receiver.listen(Number(process.env.FIXTURE_PORT), "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await closeDb();
});

const DAY = 24 * 3600_000;

/** A stored delivery nobody attempts yet: the test makes its attempts itself, at chosen times. */
async function deliveryAt(accountId: string, endpointId: string, n: number) {
  const db = await getDb();
  const [delivery] = await queueDeliveries(
    { db, now: () => new Date() },
    { eventId: `evt_disable_${endpointId}_${n}`, accountId, type: "job.completed", body: { n }, endpointIds: [endpointId] },
  );
  return delivery.id;
}

describe("an endpoint failing for 5 days", () => {
  it("stays on through 5 days of failures broken by a success, then is disabled and its owners are mailed", async () => {
    const owner = await newPerson("Olivia");
    const workspace = await owner.api.workspaces.create({ name: "Quay Homes" });
    const db = await getDb();
    const [{ accountId }] = await db.select({ accountId: workspaces.v1AccountId }).from(workspaces).where(eq(workspaces.id, workspace.id));
    const { endpointId } = await createEndpoint(db, {
      accountId: accountId!,
      url: `http://127.0.0.1:${process.env.FIXTURE_PORT}/down`,
      eventTypes: ["job.completed"],
    });
    const start = Date.now() - 10 * DAY;
    const attempt = async (n: number, daysIn: number) =>
      attemptDelivery(
        { db, now: () => new Date(start + daysIn * DAY) },
        { deliveryId: await deliveryAt(accountId!, endpointId, n), manual: false },
      );

    expect((await attempt(1, 0)).disabled).toBeNull();
    expect((await attempt(2, 4.9)).disabled).toBeNull();
    answers.push(204);
    expect((await attempt(3, 4.95)).outcome).toBe("delivered");
    // The clock starts again at the next failure.
    expect((await attempt(4, 5)).disabled).toBeNull();
    expect((await attempt(5, 9.9)).disabled).toBeNull();
    const off = await attempt(6, 10.01);
    expect(off.disabled).toEqual({ endpointId, accountId, url: `http://127.0.0.1:${process.env.FIXTURE_PORT}/down` });
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(row.disabledAt).toBeInstanceOf(Date);
    // A disabled endpoint gets nothing more: a waiting delivery gives up without calling it.
    expect((await attempt(7, 10.02)).outcome).toBe("skipped");

    expect(await mailDisabledEndpoint(await createStudioContext(), off.disabled!)).toBe(1);
    const [mail] = await listOutbox({ to: owner.user.email });
    expect(mail.subject).toBe("A webhook endpoint of Quay Homes was turned off");
    expect(mail.text).toContain(`/developers/webhooks/${endpointId}`);
  });
});
