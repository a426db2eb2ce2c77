/**
 * The Quickstart's code samples, in curl, TypeScript (built-in fetch, checked under
 * `tsc --strict`) and Python (requests): a first call, each documented workflow, and
 * verifying a webhook. Every sample reads ATRIUM_BASE_URL and ATRIUM_API_KEY (and the
 * webhook receivers ATRIUM_WEBHOOK_SECRET) from the environment, as the page says to set
 * them, and stops with the API's own answer when a request is refused.
 * app/docs/samples.test.ts runs every one of them against the app.
 */

export interface Sample {
  curl: string;
  typescript: string;
  python: string;
}

export interface Workflow {
  id: string;
  title: string;
  summary: string;
  sample: Sample;
}

/** The settings every sample reads, as the Quickstart exports them. */
export const ENVIRONMENT = { baseUrl: "ATRIUM_BASE_URL", apiKey: "ATRIUM_API_KEY", webhookSecret: "ATRIUM_WEBHOOK_SECRET" } as const;

/**
 * A fresh Idempotency-Key in any shell (od and tr are in every POSIX system, where
 * uuidgen is not). Samples keep it in a variable and send `${IDEMPOTENCY_KEY:?}`, so an
 * empty key stops the command instead of curl silently dropping the header.
 */
export const NEW_IDEMPOTENCY_KEY = "IDEMPOTENCY_KEY=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')";

const TS_SETTINGS = `const { ATRIUM_BASE_URL, ATRIUM_API_KEY } = process.env;
if (!ATRIUM_BASE_URL || !ATRIUM_API_KEY) throw new Error("Set ATRIUM_BASE_URL and ATRIUM_API_KEY first.");`;

const PY_SETTINGS = `BASE_URL, API_KEY = os.environ["ATRIUM_BASE_URL"], os.environ["ATRIUM_API_KEY"]`;

/** A TypeScript helper the workflows share: POST JSON with a fresh Idempotency-Key, and stop with the API's refusal. */
const TS_POST = `const post = async (path: string, body: unknown) => {
  const response = await fetch(\`\${ATRIUM_BASE_URL}\${path}\`, {
    method: "POST",
    // One key per action: sending the same one again replays the answer instead of charging twice.
    headers: { "x-api-key": ATRIUM_API_KEY, "content-type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(\`\${path} answered \${response.status}: \${JSON.stringify(answer)}\`);
  return answer;
};`;

const PY_POST = `def post(path, body):
    # One key per action: sending the same one again replays the answer instead of charging twice.
    response = requests.post(f"{BASE_URL}{path}", headers={**headers, "Idempotency-Key": str(uuid.uuid4())}, json=body)
    if not response.ok:
        raise SystemExit(f"{path} answered {response.status_code}: {response.text}")
    return response.json()`;

export const FIRST_CALL: Sample = {
  curl: `curl -i "$ATRIUM_BASE_URL/me" -H "x-api-key: $ATRIUM_API_KEY"
# HTTP/1.1 200 OK
# x-request-id: req_5b0f…        (quote it when you ask for help; the request log shows it too)
# atrium-credit-balance: 500
# {"api_monthly_quota":10000,"api_total_completed":0,"api_completed_month":0}`,
  typescript: `${TS_SETTINGS}

const response = await fetch(\`\${ATRIUM_BASE_URL}/me\`, { headers: { "x-api-key": ATRIUM_API_KEY } });
console.log(response.status, response.headers.get("x-request-id"));
console.log(await response.json()); // { api_monthly_quota, api_total_completed, api_completed_month }`,
  python: `import os
import requests

${PY_SETTINGS}

response = requests.get(f"{BASE_URL}/me", headers={"x-api-key": API_KEY})
print(response.status_code, response.headers["x-request-id"])
print(response.json())  # {'api_monthly_quota': ..., 'api_total_completed': ..., 'api_completed_month': ...}`,
};

const PHOTO = "https://example.com/photos/living-room.jpg";
const SECOND_VIEW = "https://example.com/photos/living-room-2.jpg";
const MASK = "https://example.com/photos/mask.png";

export const WORKFLOWS: Workflow[] = [
  {
    id: "stage-a-photo",
    title: "Stage one photo and wait for it",
    summary:
      "POST /job starts a redesign job group and answers its jobId at once; poll GET /jobs/{jobId} until the status is no longer processing. " +
      "fast asks for one output (without it, as many as the plan gives). " +
      "An Idempotency-Key makes a retried POST start nothing twice.",
    sample: {
      curl: `# One key per action: send the same key again to retry it (the job starts, and is charged, once).
${NEW_IDEMPOTENCY_KEY}
curl -s "$ATRIUM_BASE_URL/job" -H "x-api-key: $ATRIUM_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: \${IDEMPOTENCY_KEY:?}" \\
  -d '{"source_url":"${PHOTO}","room_type":"living room","redesign_type":"virtual staging","style":"scandinavian","fast":true}' | tee created.json
# {"jobId":"3f6c…"}, or the refusal: {"error":"…","code":"…"}
JOB_ID=$(sed -n 's/.*"jobId":"\\([^"]*\\)".*/\\1/p' created.json)
: "\${JOB_ID:?no jobId: the answer above says why}"
while curl -s "$ATRIUM_BASE_URL/jobs/$JOB_ID" -H "x-api-key: $ATRIUM_API_KEY" | tee job.json | grep -q '"status":"processing"'; do
  sleep 3
done
cat job.json
# {"status":"completed","data":{"output_urls":["https://…"],…}}, or {"error":"…","code":"job_failed"}`,
      typescript: `${TS_SETTINGS}

${TS_POST}

const { jobId } = await post("/job", { source_url: "${PHOTO}", room_type: "living room", redesign_type: "virtual staging", style: "scandinavian", fast: true });
let job;
do {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  job = await (await fetch(\`\${ATRIUM_BASE_URL}/jobs/\${jobId}\`, { headers: { "x-api-key": ATRIUM_API_KEY } })).json();
} while (job.status === "processing");
console.log(job.status ?? job.code, job.data?.output_urls ?? job.error); // "completed" and the URLs, or the failure's code`,
      python: `import os, time, uuid
import requests

${PY_SETTINGS}
headers = {"x-api-key": API_KEY}

${PY_POST}

job_id = post("/job", {
    "source_url": "${PHOTO}", "room_type": "living room",
    "redesign_type": "virtual staging", "style": "scandinavian", "fast": True,
})["jobId"]

while True:
    time.sleep(3)
    job = requests.get(f"{BASE_URL}/jobs/{job_id}", headers=headers).json()
    if job.get("status") != "processing":
        break
print(job.get("status") or job["code"], job["data"]["output_urls"] if "data" in job else job["error"])`,
    },
  },
  {
    id: "multi-view",
    title: "Stage several views of one room (preview)",
    summary:
      "POST /multiview stages the first photo, then each other view in its style; GET /multiview?render_set_id=… until the set is no longer processing. " +
      "Premium and business plans; a limited preview the deployment must enable.",
    sample: {
      curl: `${NEW_IDEMPOTENCY_KEY}
curl -s "$ATRIUM_BASE_URL/multiview" -H "x-api-key: $ATRIUM_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: \${IDEMPOTENCY_KEY:?}" \\
  -d '{"source_url":"${PHOTO}","additional_view_urls":["${SECOND_VIEW}"],"room_type":"living_room","style":"modern"}' | tee created.json
# {"job_id":"…","status":"processing","result":{"render_set_id":"7d8b…","total_views":2,…},…}, or a failed envelope with its error
SET_ID=$(sed -n 's/.*"render_set_id":"\\([^"]*\\)".*/\\1/p' created.json)
: "\${SET_ID:?no render_set_id: the answer above says why}"
while curl -s "$ATRIUM_BASE_URL/multiview?render_set_id=$SET_ID" -H "x-api-key: $ATRIUM_API_KEY" \\
  | tee set.json | grep -q '^{"job_id":[^,]*,"status":"processing"'; do
  sleep 3
done
cat set.json
# "status":"completed", "result":{"views":[{"view_index":0,"output_url":"https://…"},…]}`,
      typescript: `${TS_SETTINGS}

${TS_POST}

const created = await post("/multiview", {
  source_url: "${PHOTO}",
  additional_view_urls: ["${SECOND_VIEW}"],
  room_type: "living_room",
  style: "modern",
});
let set;
do {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const url = \`\${ATRIUM_BASE_URL}/multiview?render_set_id=\${created.result.render_set_id}\`;
  set = await (await fetch(url, { headers: { "x-api-key": ATRIUM_API_KEY } })).json();
} while (set.status === "processing");
console.log(set.status, set.result?.views.map((view: { output_url: string | null }) => view.output_url) ?? set.error);`,
      python: `import os, time, uuid
import requests

${PY_SETTINGS}
headers = {"x-api-key": API_KEY}

${PY_POST}

created = post("/multiview", {
    "source_url": "${PHOTO}",
    "additional_view_urls": ["${SECOND_VIEW}"],
    "room_type": "living_room", "style": "modern",
})

while True:
    time.sleep(3)
    result = requests.get(f"{BASE_URL}/multiview", headers=headers, params={"render_set_id": created["result"]["render_set_id"]}).json()
    if result["status"] != "processing":
        break
print(result["status"], [view["output_url"] for view in result["result"]["views"]] if result["result"] else result["error"])`,
    },
  },
  {
    id: "inpaint-upscale",
    title: "Remove something, then upscale the result",
    summary:
      "POST /inpaint edits where the mask is white and answers when the image is ready; send its first output to POST /upscale for twice the size. " +
      "Both are synchronous (up to 300 s).",
    sample: {
      curl: `${NEW_IDEMPOTENCY_KEY}
curl -s "$ATRIUM_BASE_URL/inpaint" -H "x-api-key: $ATRIUM_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: \${IDEMPOTENCY_KEY:?}" \\
  -d '{"submitted_url":"${PHOTO}","mask_url":"${MASK}","inpainting_type":"remove","render_type":"interior"}' | tee inpainted.json
# {"status":"completed","result":{"output_urls":["https://…/inpainted.jpg"],…},"credits_charged":1,…}
EDITED=$(sed -n 's/.*"output_urls":\\["\\([^"]*\\)".*/\\1/p' inpainted.json)
: "\${EDITED:?no output: the answer above says why}"
${NEW_IDEMPOTENCY_KEY}
curl -s "$ATRIUM_BASE_URL/upscale" -H "x-api-key: $ATRIUM_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: \${IDEMPOTENCY_KEY:?}" \\
  -d "{\\"image_url\\":\\"$EDITED\\"}"
# {"status":"completed","result":{"output_urls":["https://…"],…},"credits_charged":2,…}`,
      typescript: `${TS_SETTINGS}

${TS_POST}

const edited = await post("/inpaint", {
  submitted_url: "${PHOTO}",
  mask_url: "${MASK}",
  inpainting_type: "remove",
  render_type: "interior",
});
const upscaled = await post("/upscale", { image_url: edited.result.output_urls[0] });
console.log(upscaled.result.output_urls[0], upscaled.credits_charged);`,
      python: `import os, uuid
import requests

${PY_SETTINGS}
headers = {"x-api-key": API_KEY}

${PY_POST}

edited = post("/inpaint", {
    "submitted_url": "${PHOTO}",
    "mask_url": "${MASK}",
    "inpainting_type": "remove", "render_type": "interior",
})
upscaled = post("/upscale", {"image_url": edited["result"]["output_urls"][0]})
print(upscaled["result"]["output_urls"][0], upscaled["credits_charged"])`,
    },
  },
  {
    id: "property-description",
    title: "Write a listing description from photos (preview)",
    summary:
      "POST /tools/property-description takes 1 to 20 photos as base64 or data URLs (never links) and the property's facts, and answers the text. " +
      "A limited preview the deployment must enable.",
    sample: {
      curl: `# The photo goes into a request file: a command line cannot hold a photo over about 100 KB.
{ printf '{"images":["data:image/jpeg;base64,'; base64 < living-room.jpg | tr -d '\\n'
  printf '"],"property_data":{"property_type":"condo","price":450000,"currency":"USD","bedrooms":2}}'; } > description-request.json
${NEW_IDEMPOTENCY_KEY}
curl -s "$ATRIUM_BASE_URL/tools/property-description" -H "x-api-key: $ATRIUM_API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: \${IDEMPOTENCY_KEY:?}" --data-binary @description-request.json
# {"status":"completed","result":{"description":"…","image_analysis":[…],"listing_id":"…"},…}`,
      typescript: `import { readFileSync } from "node:fs";

${TS_SETTINGS}

${TS_POST}

const image = \`data:image/jpeg;base64,\${readFileSync("living-room.jpg").toString("base64")}\`;
const answer = await post("/tools/property-description", {
  images: [image],
  property_data: { property_type: "condo", price: 450000, currency: "USD", bedrooms: 2 },
});
console.log(answer.result.description);`,
      python: `import base64, os, uuid
import requests

${PY_SETTINGS}
headers = {"x-api-key": API_KEY}

${PY_POST}

with open("living-room.jpg", "rb") as photo:
    image = "data:image/jpeg;base64," + base64.b64encode(photo.read()).decode()

answer = post("/tools/property-description", {
    "images": [image],
    "property_data": {"property_type": "condo", "price": 450000, "currency": "USD", "bedrooms": 2},
})
print(answer["result"]["description"])`,
    },
  },
];

/** A receiver that verifies each delivery before trusting it: the Standard Webhooks library, the standard library, or the contract's header by hand. */
export const VERIFY_WEBHOOK: Sample = {
  curl: `# Deliveries are POSTs to your endpoint with these headers (the body is the event's JSON):
#   webhook-id: evt_…            the same on every attempt: dedupe on it
#   webhook-timestamp: 1767225600
#   webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">   (two entries while a secret rotates)
#   X-Service-Timestamp: 1767225600
#   X-Service-Signature: sha256=<hex HMAC-SHA256 of "timestamp.body", keyed by the whole whsec_… string>
# Check the contract's signature of a delivery saved as body.json, its X-Service-Timestamp in TIMESTAMP:
printf '%s.%s' "$TIMESTAMP" "$(cat body.json)" | openssl dgst -sha256 -hmac "$ATRIUM_WEBHOOK_SECRET" | sed 's/^.* /sha256=/'`,
  typescript: `// npm install standardwebhooks
import http from "node:http";
import { Webhook } from "standardwebhooks";

const secret = process.env.ATRIUM_WEBHOOK_SECRET; // whsec_… from the Developers section
if (!secret) throw new Error("Set ATRIUM_WEBHOOK_SECRET first.");
const webhook = new Webhook(secret);

http
  .createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      try {
        // Checks webhook-signature and refuses timestamps more than 5 minutes off.
        const event = webhook.verify(body, request.headers as Record<string, string>) as { id: string; type: string; data: unknown };
        console.log(event.type, event.id, event.data); // dedupe on event.id: a delivery can come twice
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  })
  .listen(Number(process.env.PORT ?? 8080));`,
  python: `# The standard library only: checks webhook-signature as Standard Webhooks defines it.
import base64, hashlib, hmac, json, os, time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = base64.b64decode(os.environ["ATRIUM_WEBHOOK_SECRET"].removeprefix("whsec_"))  # whsec_… from the Developers section

def verified(headers, body):
    msg_id, timestamp = headers.get("webhook-id", ""), headers.get("webhook-timestamp", "0")
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False
    expected = base64.b64encode(hmac.new(SECRET, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()).decode()
    return any(hmac.compare_digest(expected, entry.partition(",")[2]) for entry in headers.get("webhook-signature", "").split())

class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        if not verified(self.headers, body):
            self.send_response(400)
            return self.end_headers()
        event = json.loads(body)
        print(event["type"], event["id"], event["data"], flush=True)  # dedupe on event["id"]: a delivery can come twice
        self.send_response(204)
        self.end_headers()

HTTPServer(("", int(os.environ.get("PORT", "8080"))), Receiver).serve_forever()`,
};
