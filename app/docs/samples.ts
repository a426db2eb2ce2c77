/**
 * The Quickstart's code samples, in curl, TypeScript (Node 20+, built-in fetch) and
 * Python (requests): a first call, each documented workflow, and verifying a webhook.
 * Every sample reads BASE_URL and API_KEY from the environment, as the page says to set
 * them; docs/samples.test.ts runs the TypeScript and curl ones against a real server.
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

export const FIRST_CALL: Sample = {
  curl: `curl -i "$BASE_URL/me" -H "x-api-key: $API_KEY"
# HTTP/1.1 200 OK
# x-request-id: req_5b0f…        (quote it when you ask for help; the request log shows it too)
# atrium-credit-balance: 500
# {"api_monthly_quota":10000,"api_total_completed":0,"api_completed_month":0}`,
  typescript: `const { BASE_URL, API_KEY } = process.env;

const response = await fetch(\`\${BASE_URL}/me\`, { headers: { "x-api-key": API_KEY! } });
console.log(response.status, response.headers.get("x-request-id"));
console.log(await response.json()); // { api_monthly_quota, api_total_completed, api_completed_month }`,
  python: `import os
import requests

BASE_URL, API_KEY = os.environ["BASE_URL"], os.environ["API_KEY"]

response = requests.get(f"{BASE_URL}/me", headers={"x-api-key": API_KEY})
print(response.status_code, response.headers["x-request-id"])
print(response.json())  # {'api_monthly_quota': ..., 'api_total_completed': ..., 'api_completed_month': ...}`,
};

const PHOTO = "https://example.com/photos/living-room.jpg";

export const WORKFLOWS: Workflow[] = [
  {
    id: "stage-a-photo",
    title: "Stage one photo and wait for it",
    summary:
      "POST /job starts a redesign job group and answers its jobId at once; poll GET /jobs/{jobId} until the status is no longer processing. " +
      "An Idempotency-Key makes a retried POST start nothing twice.",
    sample: {
      curl: `curl -s "$BASE_URL/job" -H "x-api-key: $API_KEY" -H "content-type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"source_url":"${PHOTO}","room_type":"living room","redesign_type":"virtual staging","style":"scandinavian"}'
# {"jobId":"3f6c…"}
curl -s "$BASE_URL/jobs/3f6c…" -H "x-api-key: $API_KEY"
# {"status":"processing"}, then {"status":"completed","data":{"output_urls":["https://…"],…}}`,
      typescript: `const { BASE_URL, API_KEY } = process.env;
const headers = { "x-api-key": API_KEY!, "content-type": "application/json" };

const created = await fetch(\`\${BASE_URL}/job\`, {
  method: "POST",
  headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
  body: JSON.stringify({ source_url: "${PHOTO}", room_type: "living room", redesign_type: "virtual staging", style: "scandinavian" }),
});
const { jobId } = await created.json();

let job;
do {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  job = await (await fetch(\`\${BASE_URL}/jobs/\${jobId}\`, { headers })).json();
} while (job.status === "processing");
console.log(job.status, job.data?.output_urls ?? job.code); // "completed" and the URLs, or the failure's code`,
      python: `import os, time, uuid
import requests

BASE_URL, API_KEY = os.environ["BASE_URL"], os.environ["API_KEY"]
headers = {"x-api-key": API_KEY}

created = requests.post(f"{BASE_URL}/job", headers={**headers, "Idempotency-Key": str(uuid.uuid4())}, json={
    "source_url": "${PHOTO}", "room_type": "living room",
    "redesign_type": "virtual staging", "style": "scandinavian",
})
job_id = created.json()["jobId"]

while True:
    time.sleep(3)
    job = requests.get(f"{BASE_URL}/jobs/{job_id}", headers=headers).json()
    if job.get("status") != "processing":
        break
print(job.get("status"), job.get("data", {}).get("output_urls") or job.get("code"))`,
    },
  },
  {
    id: "multi-view",
    title: "Stage several views of one room (preview)",
    summary:
      "POST /multiview stages the first photo, then each other view in its style; GET /multiview?render_set_id=… until the set is no longer processing. " +
      "Premium and business plans; a limited preview the deployment must enable.",
    sample: {
      curl: `curl -s "$BASE_URL/multiview" -H "x-api-key: $API_KEY" -H "content-type: application/json" \\
  -d '{"source_url":"${PHOTO}","additional_view_urls":["https://example.com/photos/living-room-2.jpg"],"room_type":"living_room","style":"modern"}'
# {"job_id":"…","status":"processing","result":{"render_set_id":"7d8b…","total_views":2,…},…}
curl -s "$BASE_URL/multiview?render_set_id=7d8b…" -H "x-api-key: $API_KEY"
# "status":"completed", "result":{"views":[{"view_index":0,"output_url":"https://…"},…]}`,
      typescript: `const { BASE_URL, API_KEY } = process.env;
const headers = { "x-api-key": API_KEY!, "content-type": "application/json" };

const created = await (
  await fetch(\`\${BASE_URL}/multiview\`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      source_url: "${PHOTO}",
      additional_view_urls: ["https://example.com/photos/living-room-2.jpg"],
      room_type: "living_room",
      style: "modern",
    }),
  })
).json();
const setId = created.result.render_set_id;

let set;
do {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  set = await (await fetch(\`\${BASE_URL}/multiview?render_set_id=\${setId}\`, { headers })).json();
} while (set.status === "processing");
console.log(set.result?.views.map((view: { output_url: string | null }) => view.output_url));`,
      python: `import os, time
import requests

BASE_URL, API_KEY = os.environ["BASE_URL"], os.environ["API_KEY"]
headers = {"x-api-key": API_KEY}

created = requests.post(f"{BASE_URL}/multiview", headers=headers, json={
    "source_url": "${PHOTO}",
    "additional_view_urls": ["https://example.com/photos/living-room-2.jpg"],
    "room_type": "living_room", "style": "modern",
}).json()
set_id = created["result"]["render_set_id"]

while True:
    time.sleep(3)
    result = requests.get(f"{BASE_URL}/multiview", headers=headers, params={"render_set_id": set_id}).json()
    if result["status"] != "processing":
        break
print([view["output_url"] for view in (result["result"] or {}).get("views", [])])`,
    },
  },
  {
    id: "inpaint-upscale",
    title: "Remove something, then upscale the result",
    summary:
      "POST /inpaint edits where the mask is white and answers when the image is ready; send its first output to POST /upscale for twice the size. " +
      "Both are synchronous (up to 300 s).",
    sample: {
      curl: `curl -s "$BASE_URL/inpaint" -H "x-api-key: $API_KEY" -H "content-type: application/json" \\
  -d '{"submitted_url":"${PHOTO}","mask_url":"https://example.com/photos/mask.png","inpainting_type":"remove","render_type":"interior"}'
# {"status":"completed","result":{"output_urls":["https://…/inpainted.jpg"],…},"credits_charged":1,…}
curl -s "$BASE_URL/upscale" -H "x-api-key: $API_KEY" -H "content-type: application/json" \\
  -d '{"image_url":"https://…/inpainted.jpg"}'
# {"status":"completed","result":{"output_urls":["https://…"],…},"credits_charged":2,…}`,
      typescript: `const { BASE_URL, API_KEY } = process.env;
const headers = { "x-api-key": API_KEY!, "content-type": "application/json" };
const post = async (path: string, body: unknown) =>
  (await fetch(\`\${BASE_URL}\${path}\`, { method: "POST", headers, body: JSON.stringify(body) })).json();

const edited = await post("/inpaint", {
  submitted_url: "${PHOTO}",
  mask_url: "https://example.com/photos/mask.png",
  inpainting_type: "remove",
  render_type: "interior",
});
if (edited.status !== "completed") throw new Error(edited.error.code);
const upscaled = await post("/upscale", { image_url: edited.result.output_urls[0] });
console.log(upscaled.result?.output_urls[0] ?? upscaled.error.code);`,
      python: `import os
import requests

BASE_URL, API_KEY = os.environ["BASE_URL"], os.environ["API_KEY"]
headers = {"x-api-key": API_KEY}

edited = requests.post(f"{BASE_URL}/inpaint", headers=headers, json={
    "submitted_url": "${PHOTO}",
    "mask_url": "https://example.com/photos/mask.png",
    "inpainting_type": "remove", "render_type": "interior",
}).json()
if edited["status"] != "completed":
    raise SystemExit(edited["error"]["code"])
upscaled = requests.post(f"{BASE_URL}/upscale", headers=headers, json={"image_url": edited["result"]["output_urls"][0]}).json()
print(upscaled["result"]["output_urls"][0] if upscaled["result"] else upscaled["error"]["code"])`,
    },
  },
  {
    id: "property-description",
    title: "Write a listing description from photos (preview)",
    summary:
      "POST /tools/property-description takes 1 to 20 photos as base64 or data URLs (never links) and the property's facts, and answers the text. " +
      "A limited preview the deployment must enable.",
    sample: {
      curl: `IMG=$(base64 -w0 living-room.jpg)
curl -s "$BASE_URL/tools/property-description" -H "x-api-key: $API_KEY" -H "content-type: application/json" \\
  -d "{\\"images\\":[\\"data:image/jpeg;base64,$IMG\\"],\\"property_data\\":{\\"property_type\\":\\"condo\\",\\"price\\":450000}}"
# {"status":"completed","result":{"description":"…","image_analysis":[…],"listing_id":"…"},…}`,
      typescript: `import { readFileSync } from "node:fs";

const { BASE_URL, API_KEY } = process.env;
const image = \`data:image/jpeg;base64,\${readFileSync("living-room.jpg").toString("base64")}\`;

const answer = await (
  await fetch(\`\${BASE_URL}/tools/property-description\`, {
    method: "POST",
    headers: { "x-api-key": API_KEY!, "content-type": "application/json" },
    body: JSON.stringify({ images: [image], property_data: { property_type: "condo", price: 450000 } }),
  })
).json();
console.log(answer.result?.description ?? answer.error.code);`,
      python: `import base64, os
import requests

BASE_URL, API_KEY = os.environ["BASE_URL"], os.environ["API_KEY"]
with open("living-room.jpg", "rb") as photo:
    image = "data:image/jpeg;base64," + base64.b64encode(photo.read()).decode()

answer = requests.post(f"{BASE_URL}/tools/property-description", headers={"x-api-key": API_KEY}, json={
    "images": [image], "property_data": {"property_type": "condo", "price": 450000},
}).json()
print(answer["result"]["description"] if answer["result"] else answer["error"]["code"])`,
    },
  },
];

/** A receiver that verifies each delivery before trusting it: the Standard Webhooks library, or the contract's own header by hand. */
export const VERIFY_WEBHOOK: Sample = {
  curl: `# Deliveries are POSTs to your endpoint with these headers (the body is the event's JSON):
#   webhook-id: evt_…            the same on every attempt: dedupe on it
#   webhook-timestamp: 1767225600
#   webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">   (two entries while a secret rotates)
#   X-Service-Timestamp: 1767225600
#   X-Service-Signature: sha256=<hex HMAC-SHA256 of "timestamp.body", keyed by the whole whsec_… string>
# Check the contract's signature of a saved delivery by hand:
printf '%s.%s' "$TIMESTAMP" "$(cat body.json)" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" | sed 's/^.* /sha256=/'`,
  typescript: `// npm install standardwebhooks
import http from "node:http";
import { Webhook } from "standardwebhooks";

const webhook = new Webhook(process.env.WEBHOOK_SECRET!); // whsec_… from the Developers section

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
  .listen(8080);`,
  python: `# pip install standardwebhooks flask
import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook

webhook = Webhook(os.environ["WEBHOOK_SECRET"])  # whsec_… from the Developers section
app = Flask(__name__)

@app.post("/hooks/atrium")
def receive():
    try:
        # Checks webhook-signature and refuses timestamps more than 5 minutes off.
        event = webhook.verify(request.get_data(as_text=True), dict(request.headers))
    except Exception:
        return "", 400
    print(event["type"], event["id"], event["data"])  # dedupe on event["id"]: a delivery can come twice
    return "", 204`,
};
