import "server-only";
import { env } from "@/env";
import { logError } from "@/server/log";
import { mailer } from "./transport";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends one message. Returns false (and logs) when the SMTP exchange fails, so the
 * action that wanted the mail can still succeed and say the mail did not go out.
 */
export async function sendEmail(message: EmailMessage): Promise<boolean> {
  try {
    const transport = await mailer();
    await transport.sendMail({ from: env.EMAIL_FROM, ...message });
    return true;
  } catch (error) {
    logError("[email]", error);
    return false;
  }
}
