import "server-only";
import type { Database } from "@/db/client";
import { claimRecipientBudget } from "@/server/auth/sign-in-limits";
import { sendEmail, type EmailMessage } from "./send-email";

/**
 * Sends a message someone other than its recipient can cause (a confirmation, a sign-up
 * note, a reset link, an invitation) only while the recipient's hourly budget lasts
 * (EMAIL_RECIPIENT_LIMIT over all of these kinds together), so no form, repeated by
 * anyone from any number of networks, can flood an inbox. False when not sent.
 */
export async function sendBudgetedEmail(db: Database, message: EmailMessage): Promise<boolean> {
  if (!(await claimRecipientBudget(db, message.to))) return false;
  return sendEmail(message);
}
