import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { listOutbox } from "./list-outbox";
import { sendEmail } from "./send-email";
import { invitationEmail } from "./templates";

afterAll(closeDb);

describe("the embedded mail server", () => {
  it("receives a message over SMTP into the outbox, text and HTML", async () => {
    const to = `Someone-${Date.now()}@Example.test`;
    const sent = await sendEmail(
      invitationEmail({ to, workspaceName: "Harbour <Realty>", invitedByName: "Olivia", roleLabel: "Agent", link: "http://localhost:3000/invite/abc" }),
    );
    expect(sent).toBe(true);
    const [message] = await listOutbox({ to });
    expect(message.to).toEqual([to.toLowerCase()]);
    expect(message.subject).toBe("Olivia invited you to Harbour <Realty> on Atrium");
    expect(message.from).toContain("no-reply@atrium.localhost");
    expect(message.text).toContain("Accept the invitation: http://localhost:3000/invite/abc");
    // Values are escaped in the HTML part.
    expect(message.html).toContain("Harbour &lt;Realty&gt;");
    expect(message.html).toContain('href="http://localhost:3000/invite/abc"');
  });

  it("keeps messages apart by recipient", async () => {
    const stamp = Date.now();
    await sendEmail({ to: `a-${stamp}@example.test`, subject: "for a", text: "a", html: "<p>a</p>" });
    await sendEmail({ to: `b-${stamp}@example.test`, subject: "for b", text: "b", html: "<p>b</p>" });
    expect((await listOutbox({ to: `b-${stamp}@example.test` })).map((m) => m.subject)).toEqual(["for b"]);
  });
});
