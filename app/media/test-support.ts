/*
 * A local S3-compatible server for tests (s3rver from npm, on a free port, with its own temporary
 * folder), and the settings that point the media store at it:
 *
 *   const s3 = await startS3();      // a bucket named "media"
 *   const store = s3Store(s3.settings);
 *   await s3.close();
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "./store.server";

/** s3rver's fixed credentials (it checks the signature against them). */
const KEY = "S3RVER";

export async function startS3(bucket = "media") {
  const directory = mkdtempSync(join(tmpdir(), "bunyang-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: KEY,
    secretAccessKey: KEY,
    region: "us-east-1",
  };
  return {
    settings,
    /** The variables that point a server process at this bucket. */
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    /** Where s3rver keeps the bucket's objects on disk. */
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
