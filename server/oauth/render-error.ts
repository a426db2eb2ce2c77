/**
 * The page a person sees when an authorization request cannot go back to the app that
 * sent it (an unknown client, a redirect URI it never registered, a metadata document
 * that could not be fetched): the error in words, nothing the request sent echoed as HTML.
 */
import "server-only";
import type { Configuration } from "oidc-provider";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const renderOAuthError: NonNullable<Configuration["renderError"]> = async (ctx, out) => {
  const description = out.error_description ?? "The request could not be completed.";
  ctx.type = "html";
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in refused · Atrium</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:0 .25rem;border-radius:.25rem}</style></head>
<body><h1>This sign-in cannot continue</h1>
<p>${escape(description)}</p>
<p>Error code: <code>${escape(out.error)}</code>. Go back to the app you came from and connect Atrium again; if it keeps failing, tell the app's makers.</p>
</body></html>`;
};
