/**
 * The host side of an MCP App in a browser page, on ext-apps' own AppBridge (test/mcp-app-host.ts
 * bundles it into the page): the view's HTML in a sandboxed iframe under the CSP its resource
 * declares, the tool's input and result sent once the view has initialized.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

interface HostData {
  html: string;
  csp: string;
  input: Record<string, unknown>;
  result: { content: unknown[]; structuredContent?: Record<string, unknown> };
}

const data = JSON.parse(document.getElementById("host-data")!.textContent!) as HostData;
const iframe = document.createElement("iframe");
iframe.setAttribute("sandbox", "allow-scripts");
iframe.title = "Atrium result";
iframe.style.cssText = "width:100%;height:900px;border:1px solid #d6d3d1;border-radius:8px";
iframe.srcdoc = data.html.replace("<head>", `<head><meta http-equiv="Content-Security-Policy" content="${data.csp}">`);
document.body.append(iframe);

const bridge = new AppBridge(null, { name: "Atrium test host", version: "1.0.0" }, { openLinks: {} });
bridge.oninitialized = () => {
  void bridge.sendToolInput({ arguments: data.input }).then(() => bridge.sendToolResult(data.result as never));
  document.body.dataset.initialized = "true";
};
void bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
