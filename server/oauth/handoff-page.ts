/**
 * The page the consent form's answer lands on: it sends the browser on to the
 * authorization server (which answers the app) by a refresh rather than a redirect. The
 * consent page allows forms to post only to this site (its CSP's form-action 'self'), and
 * browsers hold a form's redirects to that rule all the way to the app's own address; a
 * new navigation is not a form's.
 */
import "server-only";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function handoffPage(to: string, message: string, status = 200): Response {
  const url = escape(to);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0;url=${url}"><title>Returning to the app · Atrium</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style></head>
<body><p>${escape(message)}</p><p><a href="${url}">Continue</a></p></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** A refused answer, in words, with the way back to the consent page. */
export function refusalPage(message: string, status: number, back: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not connected · Atrium</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}</style></head>
<body><h1>The app was not connected</h1><p role="alert">${escape(message)}</p><p><a href="${escape(back)}">Back to the request</a></p></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
