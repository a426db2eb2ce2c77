/**
 * The embedded mail server: a real SMTP listener (the `smtp-server` package) on a
 * loopback port inside the app, used when no SMTP settings are present. Every message
 * it accepts is parsed and kept in Postgres (studio.email_outbox), where /dev/outbox
 * and the tests read it. One listener per process, kept on globalThis so Next's module
 * reloading in development reuses it.
 */
import "server-only";
import type { AddressInfo } from "node:net";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema/studio-email";
import { logError } from "@/server/log";

const globalCache = globalThis as unknown as { __atriumOutboxListener?: Promise<number> };

const MAX_MESSAGE_BYTES = 5_000_000;

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return "";
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(", ");
}

function start(): Promise<number> {
  const server = new SMTPServer({
    // Loopback only and nothing to protect: the app is the only client.
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then(async (mail) => {
          const db = await getDb();
          await db.insert(emailOutbox).values({
            messageId: mail.messageId ?? null,
            from: addressText(mail.from),
            to: recipients,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : null,
          });
          callback();
        })
        .catch((error: Error) => {
          logError("[email outbox]", error);
          callback(error);
        });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      server.on("error", (error) => logError("[email outbox]", error));
      // The listener alone never keeps a process (a test run, the command line) alive.
      server.server.unref();
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

/** The port of this process's listener, started on first use. */
export function outboxListenerPort(): Promise<number> {
  globalCache.__atriumOutboxListener ??= start().catch((error) => {
    globalCache.__atriumOutboxListener = undefined;
    throw error;
  });
  return globalCache.__atriumOutboxListener;
}
