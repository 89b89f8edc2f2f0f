import { ErrorCode } from '@agromet/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, errors } from './errors.js';

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

/**
 * Reads a multipart form of text fields and one file in the field `file` (at most `maxMb`),
 * validates the text fields with `schema` (answering 4100 naming the field, in the caller's
 * language, like the JSON validator) and requires a non-empty file. The operation log gets the
 * fields and the file's name and size, never its content.
 */
export async function readFileForm<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  opts: { maxMb: number; maxFields?: number; skipEmptyFields?: boolean },
): Promise<{ fields: z.output<S>; file: UploadedFile; audit: Record<string, unknown> }> {
  if (!req.isMultipart()) throw errors.validation('file', 'fileMissing');
  const raw: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const limits = { fileSize: opts.maxMb * 1024 * 1024, files: 1, fields: opts.maxFields ?? 10, fieldSize: 1024 };
  for await (const part of req.parts({ limits })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw errors.validation(part.fieldname, 'fileMissing');
      }
      try {
        file = { name: part.filename.slice(0, 256), bytes: await part.toBuffer() };
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'payloadTooLarge', { limit: `${opts.maxMb} MB` });
        }
        throw e;
      }
    } else if (!opts.skipEmptyFields || String(part.value).trim() !== '') {
      raw[part.fieldname] = String(part.value);
    }
  }
  const audit: Record<string, unknown> = { fields: raw, file: file ? { name: file.name, size: file.bytes.length } : null };
  req.auditExtra = audit;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    // Worded by the envelope's validation handler, as for a JSON body.
    throw Object.assign(new Error('validation failed'), { zodSchema: schema, zodData: raw, validationContext: 'body' });
  }
  if (!file) throw errors.validation('file', 'fileMissing');
  if (file.bytes.length === 0) throw errors.validation('file', 'emptyFile');
  return { fields: parsed.data, file, audit };
}
