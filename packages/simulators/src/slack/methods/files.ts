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
    const id = `F${randomBytes(5).toString('hex').toUpperCase()}`;
    ws.uploads.set(id, { filename: String(args.filename ?? 'file') });
    return { ok: true, upload_url: `${ws.url}/upload/${id}`, file_id: id };
  },
  'files.completeUploadExternal': (ws, args) => {
    const list = Array.isArray(args.files) ? args.files : [];
    const done: UploadedFile[] = [];
    for (const f of list) {
      const id = isObject(f) ? String(f.id) : '';
      const upload = ws.uploads.get(id);
      if (!upload?.bytes) return fail('file_not_found');
      const file: UploadedFile = {
        id,
        filename: upload.filename,
        title: isObject(f) && typeof f.title === 'string' ? f.title : upload.filename,
        bytes: upload.bytes,
        content: upload.bytes.toString('utf8'),
        ...fileKind(upload.filename),
        ...(typeof args.channel_id === 'string' ? { channel: args.channel_id } : {}),
        ...(typeof args.initial_comment === 'string' ? { initialComment: args.initial_comment } : {}),
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
        blocks: [],
        files: done.map((f) => ({
          id: f.id,
          name: f.filename,
          title: f.title,
          mimetype: f.mimetype,
          filetype: f.filetype,
          size: f.bytes.length,
        })),
      });
    }
    return { ok: true, files: done.map((f) => ({ id: f.id, name: f.filename, title: f.title })) };
  },
};
