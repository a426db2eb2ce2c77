import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { listOutbox } from "./list-outbox";
import { sendEmail } from "./send-email";
import { invitationEmail } from "./templates";

afterAll(closeDb);

describe("the embedded mail server", () => {
  it("receives a message over SMTP into the outbox, text and HTML", async () => {
    const to = `Someone-${Date.now()}@Example.test`;
    const sent = await sendEmail(invitationEmail({ to, roleLabel: "Agent <Admin>", link: "http://localhost:3000/invite/abc?a=1&b=2" }));
    expect(sent).toBe(true);
    const [message] = await listOutbox({ to });
    expect(message.to).toEqual([to.toLowerCase()]);
    expect(message.subject).toBe("You are invited to a workspace on Atrium");
    expect(message.from).toContain("no-reply@atrium.localhost");
    expect(message.text).toContain("See the invitation: http://localhost:3000/invite/abc?a=1&b=2");
    // Values are escaped in the HTML part.
    expect(message.html).toContain("Agent &lt;Admin&gt;");
    expect(message.html).toContain('href="http://localhost:3000/invite/abc?a=1&amp;b=2"');
  });

  it("keeps messages apart by recipient", async () => {
    const stamp = Date.now();
    await sendEmail({ to: `a-${stamp}@example.test`, subject: "for a", text: "a", html: "<p>a</p>" });
    await sendEmail({ to: `b-${stamp}@example.test`, subject: "for b", text: "b", html: "<p>b</p>" });
    expect((await listOutbox({ to: `b-${stamp}@example.test` })).map((m) => m.subject)).toEqual(["for b"]);
  });
});
