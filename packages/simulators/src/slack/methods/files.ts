import { randomBytes } from 'node:crypto';
import type { UploadedFile } from '../types.js';
import { fileKind } from '../upload.js';
import { fail, isObject, type MethodAnswer, type Workspace } from '../workspace.js';

/**
 * The two-step upload (files.getUploadURLExternal, then completeUploadExternal) filesUploadV2 uses;
 * between the two the app POSTs the file to the upload_url (upload.ts keeps its bytes).
 */
export const fileMethods: Record<string, (ws: Workspace, args: Record<string, unknown>) => MethodAnswer> = {
  'files.getUploadURLExternal': (ws, args) => {
    // Slack's required arguments: the file's name and its size in bytes (0 is "missing").
    const length = Number(args.length);
    if (typeof args.filename !== 'string' || args.filename === '' || !Number.isInteger(length) || length <= 0)
      return fail('missing_argument');
    // Slack documents `alt_txt` (1,000 characters at most); @slack/web-api's filesUploadV2 sends `alt_text`.
    const alt =
      typeof args.alt_txt === 'string'
        ? args.alt_txt
        : typeof args.alt_text === 'string'
          ? args.alt_text
          : undefined;
    if (alt !== undefined && alt.length > 1_000) return fail('alt_txt_too_large');
    const id = `F${randomBytes(5).toString('hex').toUpperCase()}`;
    ws.uploads.set(id, { filename: args.filename, length, ...(alt ? { altText: alt } : {}) });
    return { ok: true, upload_url: `${ws.url}/upload/${id}`, file_id: id };
  },
  'files.completeUploadExternal': (ws, args) => {
    const list = Array.isArray(args.files) ? args.files : [];
    const done: UploadedFile[] = [];
    for (const f of list) {
      const id = isObject(f) ? String(f.id) : '';
      const upload = ws.uploads.get(id);
      if (!upload?.bytes) return fail('file_not_found');
      // The bytes must be what getUploadURLExternal was told (Slack refuses a file of another size).
      if (upload.bytes.length !== upload.length) return fail('invalid_file_length');
      const file: UploadedFile = {
        id,
        filename: upload.filename,
        title: isObject(f) && typeof f.title === 'string' ? f.title : upload.filename,
        bytes: upload.bytes,
        content: upload.bytes.toString('utf8'),
        ...fileKind(upload.filename),
        ...(typeof args.channel_id === 'string' ? { channel: args.channel_id } : {}),
        ...(typeof args.initial_comment === 'string' ? { initialComment: args.initial_comment } : {}),
        ...(upload.altText ? { altText: upload.altText } : {}),
      };
      ws.files.push(file);
      done.push(file);
    }
    // Shared to a channel (a DM for Warden's CSV), the files arrive there as one message from the
    // uploader, with the initial comment as its text.
    const channel = typeof args.channel_id === 'string' ? args.channel_id : undefined;
    if (channel && done.length > 0) {
      ws.addMessage({
        channel,
        ts: ws.nextTs(),
        text: typeof args.initial_comment === 'string' ? args.initial_comment : '',
        blocks: blocksOf(args.blocks),
        files: done.map((f) => ({
          id: f.id,
          name: f.filename,
          title: f.title,
          mimetype: f.mimetype,
          filetype: f.filetype,
          size: f.bytes.length,
          ...(f.altText ? { alt: f.altText } : {}),
        })),
      });
    }
    return { ok: true, files: done.map((f) => ({ id: f.id, name: f.filename, title: f.title })) };
  },
};

/** completeUploadExternal's `blocks`: a JSON array (form encoding sends it as a string). */
function blocksOf(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string' || raw === '') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
