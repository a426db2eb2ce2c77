/**
 * The MCP App view of the staging, multi-view and video tools (an ext-apps `App` in the
 * host's sandboxed iframe): each result as a before/after slider with the disclosure the
 * API returned (e.g. "Virtually staged") on it, a "Check this" note where the structure
 * check's verdict is `review` (D17), and plain links. It reads only the tool's structured
 * result. Bundled into one HTML document by scripts/generate-sdk.ts (generated/result-view.ts).
 */
import { App } from "@modelcontextprotocol/ext-apps";

type Check = { verdict: "pass" | "review"; summary: string } | null;

interface Comparison {
  title: string;
  before: string | null;
  after: string | null;
  /** The after side is a video. */
  video: boolean;
  check: Check;
  status: string;
}

interface Shown {
  disclosure: string | null;
  items: Comparison[];
  message: string | null;
}

type Result = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const checkOf = (value: unknown): Check => {
  const check = value as { verdict?: unknown; summary?: unknown } | null | undefined;
  return check && (check.verdict === "pass" || check.verdict === "review") && typeof check.summary === "string"
    ? { verdict: check.verdict, summary: check.summary }
    : null;
};

/** What to show of a result of stage_photo, create_multiview or create_video. */
function shownOf(result: Result): Shown {
  const disclosure = text(result.disclosure);
  if (Array.isArray(result.views)) {
    const items = (result.views as Result[]).map((view) => ({
      title: view.view_index === 0 ? "Anchor view" : `View ${String(view.view_index)}`,
      before: text(view.source_url),
      after: text(view.output_url),
      video: false,
      check: checkOf(view.output_check),
      status: String(view.status ?? ""),
    }));
    return { disclosure, items, message: result.status === "processing" ? "Still working: ask for the job's status later." : null };
  }
  if ("video_url" in result) {
    const item = {
      title: "Video",
      before: text(result.image_url),
      after: text(result.video_url),
      video: true,
      check: null,
      status: String(result.status ?? ""),
    };
    return { disclosure, items: [item], message: item.after ? null : "The video is still rendering: ask for the job's status later." };
  }
  const outputs = Array.isArray(result.output_urls) ? (result.output_urls as string[]) : [];
  const checks = Array.isArray(result.output_checks) ? (result.output_checks as unknown[]) : [];
  const items = outputs.map((url, index) => ({
    title: outputs.length > 1 ? `Result ${index + 1}` : "Result",
    before: text(result.source_url),
    after: url,
    video: false,
    check: checkOf(checks[index]),
    status: String(result.status ?? ""),
  }));
  return { disclosure, items, message: items.length === 0 ? "Still working: ask for the job's status later." : null };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The slider: the after side over the before side, uncovered from the left as far as the range says. */
function comparison(item: Comparison, disclosure: string | null): HTMLElement {
  const figure = element("figure", { class: "compare" });
  const frame = element("div", { class: "frame" });
  if (item.before) {
    const before = element("img", { class: "before", src: item.before, alt: `${item.title}: the photo before` });
    // A host that does not allow the photo's address shows the result alone; the link below still opens it.
    before.addEventListener("error", () => before.remove());
    frame.append(before);
  }
  const after = item.after
    ? item.video
      ? element("video", {
          class: "after-media",
          src: item.after,
          controls: "",
          muted: "",
          playsinline: "",
          "aria-label": `${item.title}: the video`,
        })
      : element("img", { class: "after-media", src: item.after, alt: `${item.title}: ${disclosure ?? "the result"}` })
    : element("p", { class: "pending" }, item.status === "failed" ? "This one failed." : "Not ready yet.");
  const cover = element("div", { class: "after" }, after);
  frame.append(cover);
  if (disclosure && item.after) frame.append(element("span", { class: "label", "data-testid": "disclosure" }, disclosure));
  figure.append(frame);
  if (item.before && item.after) {
    const divider = element("div", { class: "divider", "aria-hidden": "true" });
    frame.append(divider, element("span", { class: "before-tag", "aria-hidden": "true" }, "Before"));
    const range = element("input", { type: "range", min: "0", max: "100", value: "50", "aria-label": `${item.title}: before and after` });
    const show = () => {
      cover.style.setProperty("clip-path", `inset(0 0 0 ${range.value}%)`);
      divider.style.setProperty("left", `${range.value}%`);
    };
    range.addEventListener("input", show);
    show();
    figure.append(range);
  }
  const caption = element("figcaption", {}, element("strong", {}, item.title));
  if (item.after)
    caption.append(
      " · ",
      element("a", { href: item.after, target: "_blank", rel: "noreferrer" }, item.video ? "Open the video" : "Open the result"),
    );
  if (item.before) caption.append(" · ", element("a", { href: item.before, target: "_blank", rel: "noreferrer" }, "Open the photo"));
  figure.append(caption);
  if (item.check?.verdict === "review") {
    const summary = item.check.summary.replace(/^Check this:\s*/i, "");
    figure.append(element("p", { class: "check", role: "note" }, element("strong", {}, "Check this"), " ", summary));
  }
  return figure;
}

function render(result: Result): void {
  const root = document.getElementById("root")!;
  const shown = shownOf(result);
  root.replaceChildren(...shown.items.map((item) => comparison(item, shown.disclosure)));
  if (shown.message) root.append(element("p", { class: "note" }, shown.message));
}

const app = new App({ name: "Atrium result", version: "1.0.0" });
app.ontoolresult = (params) => {
  if (params.structuredContent) render(params.structuredContent as Result);
};
void app.connect();
