import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { parseEnv } from "@/env";
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

describe("DEV_OUTBOX (round 3, I1)", () => {
  it("is refused on a public deployment: every mail, reset links included, would be readable by anyone", () => {
    for (const publicSettings of [
      { VERCEL: "1" },
      { APP_URL: "https://studio.example.com" },
      { APP_URL: "http://studio.example.com:3000" },
      { APP_URL: "https://203.0.113.7" },
    ]) {
      expect(() => parseEnv({ DEV_OUTBOX: "true", ...publicSettings }), JSON.stringify(publicSettings)).toThrow(/DEV_OUTBOX/);
    }
  });

  it("stays allowed for tests on this machine (the browser tests' APP_URL is http://localhost)", () => {
    for (const local of [undefined, "http://localhost:3100", "http://127.0.0.1:3000", "https://atrium.localhost"]) {
      expect(parseEnv({ DEV_OUTBOX: "true", APP_URL: local }).DEV_OUTBOX, local).toBe(true);
    }
    expect(parseEnv({ VERCEL: "1", APP_URL: "https://studio.example.com" }).DEV_OUTBOX).toBe(false);
  });
});
