/**
 * The MCP App view of the tools' results (issue 46, item 5) in Chromium, inside ext-apps'
 * own host bridge (test/mcp-app-host.ts): a real stage_photo call over /api/mcp, the view
 * read as its resource (text/html;profile=mcp-app, with the CSP it declares), rendered in a
 * sandboxed iframe under that CSP. The before/after slider moves, the label is the
 * disclosure the API returned, and a `review` verdict of the structure check (D17) shows a
 * "Check this" note, for a single result and for a multi-view set's views.
 */
import https from "node:https";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { expect, test } from "@playwright/test";
import { loopbackTls } from "../../test/fixture-server";
import { hostPage, viewPolicy } from "../../test/mcp-app-host";
import { snap, uniqueEmail } from "./helpers";
import { ownerOfWorkspace, roomBytes } from "./studio-api";

const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? 3199);
const REVIEW = {
  verdict: "review",
  summary: "Check this: most of the floor is covered or changed (16 % left as it was): rugs and furniture, or a new floor.",
};

test.describe.configure({ timeout: 180_000 });
// The photo is served over https on loopback with the tests' own CA (test/fixtures/tls), which the app trusts and Chromium is told to.
test.use({ ignoreHTTPSErrors: true });

test("a staging result renders in the ext-apps host bridge with the before/after slider, the label and a Check this note", async ({
  page,
  baseURL,
}) => {
  const photo = await roomBytes("#cfd8dc", 640, 480);
  const fixtures = https.createServer(loopbackTls(), (_req, res) => res.writeHead(200, { "content-type": "image/jpeg" }).end(photo));
  await new Promise<void>((resolve) => fixtures.listen(FIXTURE_PORT, "127.0.0.1", resolve));
  const photoUrl = `https://127.0.0.1:${FIXTURE_PORT}/living-room.jpg`;
  try {
    const { api, workspace } = await ownerOfWorkspace(
      page,
      { name: "Vera View", email: uniqueEmail("mcp-app"), password: "quiet harbour lanterns" },
      "Slider Realty",
    );
    const { apiKey } = await api.developers.createKey.mutate({ workspaceId: workspace.id, name: "Assistant", scope: "full" });
    const client = new Client({ name: "test host", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseURL}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }),
    );
    const input = { source_url: photoUrl, room_type: "living_room", redesign_type: "staging", style: "scandinavian", fast: true };
    let result: Awaited<ReturnType<Client["callTool"]>>;
    let html: string;
    let resourceDomains: string[];
    try {
      const stage = (await client.listTools()).tools.find((tool) => tool.name === "stage_photo")!;
      const uri = (stage._meta as { ui: { resourceUri: string } }).ui.resourceUri;
      expect(uri).toBe("ui://atrium/result.html");
      result = await client.callTool({ name: "stage_photo", arguments: input });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const [content] = (await client.readResource({ uri })).contents as unknown as {
        mimeType: string;
        text: string;
        _meta: { ui: { csp: { resourceDomains: string[] } } };
      }[];
      expect(content.mimeType).toBe("text/html;profile=mcp-app");
      html = content.text;
      resourceDomains = content._meta.ui.csp.resourceDomains;
      expect(resourceDomains).toContain(new URL(baseURL!).origin);
    } finally {
      await client.close();
    }
    const staged = result.structuredContent as { disclosure: string; output_urls: string[]; source_url: string; [field: string]: unknown };
    // Without apps, the text says it all: what was made, its label, the links.
    expect(JSON.stringify(result.content)).toContain(`Label it \\"${staged.disclosure}\\"`);

    // A host that lets the view load the photo's own address too (the result's comes from the resource's domains).
    const csp = viewPolicy([...resourceDomains, `https://127.0.0.1:${FIXTURE_PORT}`]);
    await page.setViewportSize({ width: 720, height: 1000 });
    await page.setContent(await hostPage({ html, csp, input, result }));
    const view = page.frameLocator("iframe[title='Atrium result']");
    await expect(view.getByTestId("disclosure")).toHaveText(staged.disclosure);
    await expect(view.locator("img.before")).toHaveJSProperty("complete", true);
    await expect.poll(() => view.locator("img.after-media").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect.poll(() => view.locator("img.before").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const slider = view.getByRole("slider", { name: "Result: before and after" });
    await slider.fill("20");
    await expect(view.locator(".after")).toHaveCSS("clip-path", "inset(0px 0px 0px 20%)");
    await expect(view.getByRole("note")).toHaveCount(0);
    await snap(page, "mcp-app-staging");

    // The API's label for generative staging, and a review verdict of the structure check.
    const reviewed = { ...result, structuredContent: { ...staged, disclosure: "Virtually staged", output_checks: [REVIEW] } };
    await page.setContent(await hostPage({ html, csp, input, result: reviewed }));
    await expect(view.getByTestId("disclosure")).toHaveText("Virtually staged");
    await expect(view.getByRole("note")).toContainText("Check this");
    await expect(view.getByRole("note")).toContainText("most of the floor is covered");
    await snap(page, "mcp-app-staging-review");

    // A multi-view set: one slider per view, the note where a view is marked review.
    const set = {
      content: [],
      structuredContent: {
        render_set_id: "set",
        status: "completed",
        disclosure: "Virtually staged",
        views: [
          {
            view_index: 0,
            status: "completed",
            source_url: staged.source_url,
            output_url: staged.output_urls[0],
            output_check: { verdict: "pass", summary: "The room's architecture looks kept." },
          },
          { view_index: 1, status: "completed", source_url: staged.source_url, output_url: staged.output_urls[0], output_check: REVIEW },
        ],
      },
    };
    await page.setContent(await hostPage({ html, csp, input: {}, result: set }));
    await expect(view.getByRole("slider")).toHaveCount(2);
    await expect(view.getByTestId("disclosure")).toHaveCount(2);
    await expect(view.getByRole("note")).toHaveCount(1);
    await expect(view.locator("figure").nth(1).getByRole("note")).toContainText("Check this");
    await snap(page, "mcp-app-multiview");
  } finally {
    await new Promise((resolve) => (fixtures.closeAllConnections(), fixtures.close(resolve)));
  }
});
