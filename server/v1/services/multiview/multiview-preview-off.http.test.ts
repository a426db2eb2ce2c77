/** The multi-view routes are limited preview (D2): switched off, they do not exist, key or no key. */
import { expect, it, vi } from "vitest";
import { makeAccount } from "@/test/fixtures";
import { apiCaller } from "@/test/multiview";
import { useAppStack } from "@/test/app-stack";

vi.hoisted(() => {
  process.env.V1_PREVIEW_FEATURES = "";
});

const stack = useAppStack();
const call = apiCaller(() => stack.app.url);

it("answers 404 feature_unavailable on every multi-view route when the preview is off", async () => {
  const { apiKey } = await makeAccount({ plan: "business" });
  const body = {
    source_url: "https://example.com/a.jpg",
    additional_view_urls: ["https://example.com/b.jpg"],
    room_type: "bedroom",
    style: "modern",
  };
  for (const key of [null, apiKey]) {
    const responses = [
      await call("POST", "/multiview", key, body),
      await call("GET", "/multiview?render_set_id=1b4e28ba-2fa1-4d2a-883f-0016d3cca427", key),
      await call("POST", "/multiview/redo", key, { render_set_id: "1b4e28ba-2fa1-4d2a-883f-0016d3cca427", view_index: 1 }),
    ];
    for (const response of responses)
      expect([response.status, response.body.error.code, response.body.result]).toEqual([404, "feature_unavailable", null]);
  }
  // Other routes are unaffected.
  expect((await call("GET", "/me", apiKey)).status).toBe(200);
});
