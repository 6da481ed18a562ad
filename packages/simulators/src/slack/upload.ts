import { extname } from 'node:path';

/**
 * The second step of Slack's upload flow: the app POSTs the file to the `upload_url` that
 * files.getUploadURLExternal gave it, either as the raw body or as the file part of a
 * multipart/form-data body (what @slack/web-api's filesUploadV2 sends: a FormData with one Blob).
 * Slack keeps the file's bytes, never the envelope around them; its name is the one given to
 * getUploadURLExternal and its type is told by that name, as Slack shows `mimetype`/`filetype`.
 */

/** The file's bytes in an upload body, or undefined when a multipart body holds no file part. */
export async function uploadedBytes(contentType: string, body: Buffer): Promise<Buffer | undefined> {
  if (!/^multipart\/form-data\b/i.test(contentType)) return body;
  // The platform's own multipart parser (undici's, behind fetch's Response): boundaries, headers
  // and quoting as the uploader's FormData wrote them.
  const form = await new Response(new Uint8Array(body), {
    headers: { 'content-type': contentType },
  }).formData();
  for (const value of form.values()) {
    if (typeof value !== 'string') return Buffer.from(await value.arrayBuffer());
  }
  return undefined;
}

/** Slack's `filetype` and `mimetype` for a file name (the few kinds an app like Warden sends). */
const KINDS: Record<string, { filetype: string; mimetype: string }> = {
  '.csv': { filetype: 'csv', mimetype: 'text/csv' },
  '.txt': { filetype: 'text', mimetype: 'text/plain' },
  '.json': { filetype: 'json', mimetype: 'application/json' },
  '.pdf': { filetype: 'pdf', mimetype: 'application/pdf' },
  '.png': { filetype: 'png', mimetype: 'image/png' },
};

export function fileKind(filename: string): { filetype: string; mimetype: string } {
  return (
    KINDS[extname(filename).toLowerCase()] ?? { filetype: 'binary', mimetype: 'application/octet-stream' }
  );
}
