/** The messages of payments (D15) to a workspace's owners, in the studio's mail layout. */
import "server-only";
import { creditsLabel } from "@/shared/credit-costs";
import type { EmailMessage } from "./send-email";
import { layout } from "./templates";

export function lowBalanceEmail(input: {
  to: string;
  workspaceName: string;
  balance: number;
  threshold: number;
  link: string;
}): EmailMessage {
  return layout({
    to: input.to,
    subject: `${input.workspaceName} has ${creditsLabel(input.balance)} left on Atrium`,
    lines: [
      `The credit balance of ${input.workspaceName} just went under ${creditsLabel(input.threshold)}: ${creditsLabel(input.balance)} left.`,
      "Inpainting, upscaling, videos, multi-view sets and listing copy stop when the credits run out. You can buy a credit pack or turn on auto top-up on the billing page.",
    ],
    action: "Add credits",
    link: input.link,
    footer: "You get this mail once each time the balance goes under the threshold. Owners can change or turn it off on the billing page.",
  });
}

export function autoTopUpStoppedEmail(input: { to: string; workspaceName: string; reason: string; link: string }): EmailMessage {
  return layout({
    to: input.to,
    subject: `Auto top-up for ${input.workspaceName} was turned off`,
    lines: [
      `Atrium tried to buy credits for ${input.workspaceName} with the saved card, and the payment did not go through: ${input.reason}`,
      "Auto top-up is now off, so nothing more is tried. Buy a pack on the billing page (your bank may ask you to confirm it), then turn auto top-up on again.",
    ],
    action: "Open billing",
    link: input.link,
    footer: "Nothing was charged for this attempt.",
  });
}

export function pastDueEmail(input: { to: string; workspaceName: string; planLabel: string; link: string }): EmailMessage {
  return layout({
    to: input.to,
    subject: `Payment for ${input.workspaceName}'s ${input.planLabel} plan failed`,
    lines: [
      `The latest payment for the ${input.planLabel} plan of ${input.workspaceName} did not go through. The plan stays on while the payment is retried over the next days.`,
      "Update the card in the billing portal to keep the plan; if every retry fails, the workspace returns to the Free plan (its credits are kept).",
    ],
    action: "Update the payment method",
    link: input.link,
    footer: "You get this mail once for each unpaid invoice.",
  });
}

export function duplicatePlanRefundedEmail(input: {
  to: string;
  workspaceName: string;
  planLabel: string;
  amount: string;
  link: string;
}): EmailMessage {
  return layout({
    to: input.to,
    subject: `A second plan for ${input.workspaceName} was canceled and refunded`,
    lines: [
      `Stripe took a payment of ${input.amount} for a second subscription (${input.planLabel}) of ${input.workspaceName}, which already has a plan.`,
      "A workspace has one plan at a time, so the second subscription was canceled at once and its payment refunded in full. Nothing of it was added to the workspace; its plan and credits are as they were.",
      "To change plans, use “Change plan, card or cancel” on the billing page.",
    ],
    action: "Open billing",
    link: input.link,
    footer: "You get this mail once for each second subscription.",
  });
}

export function planEndedUnpaidEmail(input: { to: string; workspaceName: string; planLabel: string; link: string }): EmailMessage {
  return layout({
    to: input.to,
    subject: `${input.workspaceName}'s ${input.planLabel} plan ended: its payment failed`,
    lines: [
      `The renewal of the ${input.planLabel} plan of ${input.workspaceName} could not be paid, and every retry failed, so the plan has ended. The workspace is on the Free plan now; its credits are kept.`,
      "The unpaid invoice is written off: nothing more is charged for it. To have the plan again, subscribe on the billing page.",
    ],
    action: "Open billing",
    link: input.link,
    footer: "You get this mail once, when the plan ends.",
  });
}
