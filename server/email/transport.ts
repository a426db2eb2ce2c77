/**
 * The one way mail leaves Atrium: nodemailer over SMTP. With SMTP_URL or SMTP_HOST the
 * messages go to that server (any provider's SMTP relay); without, to the embedded
 * listener whose outbox is readable at /dev/outbox. Same code path either way.
 */
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env, usesSmtpServer, type Env } from "@/env";
import { outboxListenerPort } from "./outbox-listener";

const globalCache = globalThis as unknown as { __atriumMailer?: Promise<Transporter> };

async function create(settings: Env): Promise<Transporter> {
  if (settings.SMTP_URL) return nodemailer.createTransport(settings.SMTP_URL);
  if (usesSmtpServer(settings)) {
    return nodemailer.createTransport({
      host: settings.SMTP_HOST,
      port: settings.SMTP_PORT,
      secure: settings.SMTP_SECURE,
      auth: settings.SMTP_USER ? { user: settings.SMTP_USER, pass: settings.SMTP_PASSWORD } : undefined,
    });
  }
  const port = await outboxListenerPort();
  // The listener offers no STARTTLS: plain SMTP on loopback.
  return nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
}

export function mailer(): Promise<Transporter> {
  globalCache.__atriumMailer ??= create(env).catch((error) => {
    globalCache.__atriumMailer = undefined;
    throw error;
  });
  return globalCache.__atriumMailer;
}
