/**
 * The studio's messages, as plain text and simple HTML (one button, no remote images,
 * readable in any client). Every value put into HTML is escaped.
 */
import "server-only";
import type { EmailMessage } from "./send-email";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export interface Layout {
  to: string;
  subject: string;
  lines: string[];
  action: string;
  link: string;
  /** A second, plainer link under the button. */
  secondary?: { action: string; link: string };
  footer: string;
}

export function layout(input: Layout): EmailMessage {
  const second = input.secondary;
  const text = [
    ...input.lines,
    "",
    `${input.action}: ${input.link}`,
    ...(second ? [`${second.action}: ${second.link}`] : []),
    "",
    input.footer,
  ].join("\n");
  const paragraphs = input.lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join("");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5;max-width:520px;margin:24px auto;padding:0 16px">
<p style="font-weight:600;font-size:18px;margin:0 0 16px">Atrium</p>${paragraphs}
<p style="margin:20px 0"><a href="${escapeHtml(input.link)}" style="background:#0f766e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(input.action)}</a></p>
<p style="font-size:13px;color:#57534e;margin:0 0 8px">Or paste this link into your browser: ${escapeHtml(input.link)}</p>${
    second
      ? `<p style="margin:0 0 12px"><a href="${escapeHtml(second.link)}" style="color:#0f766e">${escapeHtml(second.action)}</a>: ${escapeHtml(second.link)}</p>`
      : ""
  }
<p style="font-size:13px;color:#57534e;margin:0">${escapeHtml(input.footer)}</p></body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}

/*
 * No message below carries text a requester typed (a name, a workspace name): each can be
 * sent to an address the requester does not own, so it says only what Atrium says. The
 * invitation's page shows who invites whom where, to whoever opens the link.
 */

export function invitationEmail(input: { to: string; roleLabel: string; link: string }): EmailMessage {
  return layout({
    to: input.to,
    subject: "You are invited to a workspace on Atrium",
    lines: [
      `You are invited to join a team's workspace on Atrium as ${input.roleLabel}.`,
      "Open the link to see who invited you and to which workspace. It works once and expires in 7 days.",
    ],
    action: "See the invitation",
    link: input.link,
    footer: "If you did not expect this invitation, you can ignore this email.",
  });
}

export function verificationEmail(input: { to: string; link: string }): EmailMessage {
  return layout({
    to: input.to,
    subject: "Confirm your email for Atrium",
    lines: ["Hello,", "Please confirm that this is your email address. The link works once and expires in 24 hours."],
    action: "Confirm my email",
    link: input.link,
    footer: "If you did not create an Atrium account, you can ignore this email.",
  });
}

export function passwordResetEmail(input: { to: string; link: string }): EmailMessage {
  return layout({
    to: input.to,
    subject: "Reset your Atrium password",
    lines: ["Hello,", "Someone asked to reset the password of your Atrium account. The link works once and expires in 1 hour."],
    action: "Choose a new password",
    link: input.link,
    footer: "If it was not you, ignore this email: your password stays as it is.",
  });
}

/** To the owner of an address someone tried to sign up with again: the sign-up form answered as for a new address. */
export function signUpAttemptEmail(input: { to: string; signInLink: string; resetLink: string }): EmailMessage {
  return layout({
    to: input.to,
    subject: "Someone tried to sign up with your email on Atrium",
    lines: [
      "Hello,",
      "Someone tried to create an Atrium account with this email address, which already has one. No new account was made.",
      "If it was you, sign in instead; if you forgot your password, reset it.",
    ],
    action: "Sign in",
    link: input.signInLink,
    secondary: { action: "Reset my password", link: input.resetLink },
    footer: "If it was not you, you can ignore this email: nothing changed on your account.",
  });
}

/** To each owner of a workspace whose webhook endpoint failed every delivery for 5 days and was turned off (D16). */
export function webhookEndpointDisabledEmail(input: {
  to: string;
  name: string;
  workspaceName: string;
  url: string;
  link: string;
}): EmailMessage {
  return layout({
    to: input.to,
    subject: `A webhook endpoint of ${input.workspaceName} was turned off`,
    lines: [
      `Hello ${input.name},`,
      `Every delivery to ${input.url} failed for 5 days, so Atrium stopped sending events there.`,
      "Fix the receiver, turn the endpoint back on in the Developers section, and redeliver what it missed from its delivery log.",
    ],
    action: "Open the webhook endpoints",
    link: input.link,
    footer: `You get this email because you own ${input.workspaceName} on Atrium.`,
  });
}

/** To each owner of a workspace when a member left, was removed or became an agent, and what they held was revoked or handed over. */
export function memberDepartureEmail(input: {
  to: string;
  name: string;
  workspaceName: string;
  memberEmail: string;
  /** What happened, as a sentence: "ana@… was removed from Bay Realty by Owen". */
  happened: string;
  /** One line per key, endpoint and the invitations: what became of it. */
  settled: string[];
  handedTo: string | null;
  link: string;
}): EmailMessage {
  return layout({
    to: input.to,
    subject: `What ${input.memberEmail} set up in ${input.workspaceName} was ${input.handedTo ? "handed over" : "revoked"}`,
    lines: [
      `Hello ${input.name},`,
      `${input.happened}. What they answered for in the Developers section, and the invitations they sent:`,
      ...input.settled,
      input.handedTo
        ? `The keys and endpoints keep working, now held by ${input.handedTo}. Whoever made a key still knows it: rotate it if that is not what you want.`
        : "Revoked keys are refused from now on. A turned-off endpoint receives nothing until someone turns it back on; its delivery log stays.",
    ],
    action: "Open the Developers section",
    link: input.link,
    footer: `You get this email because you own ${input.workspaceName} on Atrium.`,
  });
}
