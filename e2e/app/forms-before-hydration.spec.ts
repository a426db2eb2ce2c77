/**
 * A form submitted before React hydrated the page would be sent by the browser itself, as
 * a GET carrying its fields in the address: a password would land in the history and the
 * server's logs. With scripts off (a page that never hydrates), the auth forms post, and
 * their submit buttons wait for hydration, so neither a click nor Enter sends anything.
 */
import { expect, test } from "@playwright/test";

test.use({ javaScriptEnabled: false });

const forms = [
  { path: "/sign-in", fields: { Email: "someone@example.com", Password: "correct horse battery staple" } },
  { path: "/sign-up", fields: { "Work email": "someone@example.com", Password: "correct horse battery staple" } },
  { path: "/forgot-password", fields: { Email: "someone@example.com" } },
];

for (const form of forms) {
  test(`${form.path} sends nothing before hydration, and never by GET`, async ({ page }) => {
    await page.goto(form.path);
    await expect(page.locator("form").first()).toHaveAttribute("method", "post");
    const submit = page.locator('form button[type="submit"]').first();
    await expect(submit).toBeDisabled();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));
    for (const [label, value] of Object.entries(form.fields)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel(Object.keys(form.fields).at(-1)!, { exact: true }).press("Enter");
    await page.waitForTimeout(500); // a submission would have started by now
    expect(requests).toEqual([]);
    expect(page.url()).not.toContain("someone");
  });
}
