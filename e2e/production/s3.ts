/**
 * The production bucket of the smoke suite: s3rver, a stand-in for the outside S3
 * service, with a CORS rule letting the studio's origin POST presigned upload forms from the
 * browser (the same rule a real bucket needs; see docs/deploy.md).
 */
import path from "node:path";
import S3rver from "s3rver";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

export function corsRule(origin: string): string {
  return `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export async function startS3(dir: string, port: number, appOrigin: string): Promise<TestS3> {
  const bucket = "atrium-production";
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory: path.join(dir, "s3"),
    resetOnClose: true,
    configureBuckets: [{ name: bucket, configs: [corsRule(appOrigin)] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, bucket, close: () => server.close() };
}
