/**
 * The four calls of a list's batch import (batch-import.ts), declared once for every list that offers
 * one: `<base>ImportPreview` (the .xlsx upload, in its own scope with a multipart parser even when no
 * other module registered one, without clashing with one registered for the whole app),
 * `<base>ImportDryRun`, `<base>ImportRejected` (the rejected rows as .xlsx) and `<base>Import`. Each
 * needs the list's import right; a token only serves the user who uploaded it.
 */
import multipart from '@fastify/multipart';
import { ImportDryRunReply, ImportPreviewReply, ImportRunReply } from '@portal/shared-contract';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ActorResolver, Right } from '../../../http/auth';
import { success } from '../../../http/envelope';
import { Fields } from '../../../http/input-fields';
import { defineRoute, mountRoutes, type Tag } from '../../../http/route';
import type { BatchImport, ImportResult } from './batch-import';
import { ImportInput, ImportTokenInput } from './import-input';
import type { TempFiles } from './temp-files';
import { IMPORT_MAX_BYTES } from './xlsx-read';
import { sendXlsx } from './xlsx-write';

type Doc = { summary: string; description?: string };

export type ImportRoutes = {
  /** The calls' common start, e.g. `/api/customer/Pool` → `/api/customer/PoolImportPreview`. */
  base: string;
  tag: Tag;
  access: Right;
  imports: BatchImport;
  temp: TempFiles;
  docs: { preview: Doc; dryRun: Doc; rejected: Doc; run: Doc };
  /** The download name of the rejected rows. */
  rejectedFileName: string;
  /** The import's success message. */
  done: (result: ImportResult) => string;
  /** The answer must not be cached (it carries generated passwords). */
  noStore?: boolean;
  /** The import's reply schema when the list adds to the counts (`insert`'s extras); ImportRunReply otherwise. */
  runReply?: TSchema;
};

export function registerImportRoutes(app: FastifyInstance, resolve: ActorResolver, r: ImportRoutes): void {
  const common = { tag: r.tag, access: r.access, record: 'self' } as const;

  void app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 } });
    }
    mountRoutes(scope, resolve, [
      defineRoute({
        ...common,
        ...r.docs.preview,
        method: 'POST',
        url: `${r.base}ImportPreview`,
        input: Fields({}),
        uploadFields: Fields({}),
        reply: ImportPreviewReply,
        handler: async ({ request, actor }) => success('上传成功', await r.imports.preview(request, actor)),
      }),
    ]);
  });

  mountRoutes(app, resolve, [
    defineRoute({
      ...common,
      ...r.docs.dryRun,
      method: 'POST',
      url: `${r.base}ImportDryRun`,
      input: ImportInput,
      reply: ImportDryRunReply,
      handler: async ({ input, actor }) => success('检查完成', await r.imports.dryRun(actor, input)),
    }),
    defineRoute({
      ...common,
      ...r.docs.rejected,
      method: 'POST',
      url: `${r.base}ImportRejected`,
      input: ImportTokenInput,
      handler: async ({ input, actor, reply }) => {
        const file = await r.imports.rejectedWorkbook(actor, input.token);
        return sendXlsx(reply, file, r.rejectedFileName, () => r.temp.remove(file));
      },
    }),
    defineRoute({
      ...common,
      ...r.docs.run,
      method: 'POST',
      url: `${r.base}Import`,
      input: ImportInput,
      reply: r.runReply ?? ImportRunReply,
      handler: async ({ input, actor, reply }) => {
        const result = await r.imports.run(actor, input);
        if (r.noStore) void reply.header('cache-control', 'no-store');
        return success(r.done(result), result);
      },
    }),
  ]);
}
