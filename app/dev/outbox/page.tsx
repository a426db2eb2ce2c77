import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { env, usesSmtpServer } from "@/env";
import { listOutbox } from "@/server/email/list-outbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Outbox" };

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/**
 * Mail received by the embedded SMTP listener, for development and browser tests
 * (links in it are clickable). Absent in production and whenever real SMTP is set.
 */
export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  if ((env.NODE_ENV === "production" && !env.DEV_OUTBOX) || usesSmtpServer(env)) notFound();
  const { to } = await searchParams;
  const messages = await listOutbox({ to });
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-6">
      <h1 className="text-xl font-semibold">Outbox</h1>
      <p className="mt-1 text-sm text-stone-600">
        Mail sent by this development server. Nothing here left the machine.{to ? ` Showing mail to ${to}.` : ""}
      </p>
      {messages.length === 0 ? <p className="mt-6 text-sm">No mail yet.</p> : null}
      <ul className="mt-6 space-y-4">
        {messages.map((message) => (
          <li key={message.id} className="rounded-lg border border-stone-200 bg-white p-4" data-testid="outbox-message">
            <h2 className="font-medium">{message.subject}</h2>
            <p className="mt-1 text-xs text-stone-600">
              To {message.to.join(", ")} · from {message.from} · {timeFormat.format(message.receivedAt)} UTC
            </p>
            <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">
              {message.text.split(/(https?:\/\/\S+)/).map((part, index) =>
                /^https?:\/\//.test(part) ? (
                  <a key={index} href={part} className="text-accent-700 underline">
                    {part}
                  </a>
                ) : (
                  part
                ),
              )}
            </pre>
          </li>
        ))}
      </ul>
    </main>
  );
}
