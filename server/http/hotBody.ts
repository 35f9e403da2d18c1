import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size an answer goes out as it is (as @fastify/compress's threshold). */
const COMPRESS_MIN_BYTES = 2048;

/**
 * An answer read far more often than it changes (the events board, a presentation, its ticket groups,
 * the seat plan, the status map): serialised once, its ETag hashed once, compressed at most once per
 * encoding, then sent as bytes on every request with no serialiser and no response-schema check (tests
 * check these answers against the contract instead). The ETag hashes the content, so every process (and
 * any CDN in front) agrees on it.
 */
export class HotBody {
  readonly etag: string;
  readonly raw: Buffer;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  private readonly quality: number;
  private readonly text: boolean;

  /**
   * `quality`: brotli's; 5 for what changes seldom (plans, the board: smaller, at no cost that counts),
   * 4 for the status map, made again on every seat change of an on-sale.
   */
  constructor(content: string | Uint8Array, quality = 5) {
    this.quality = quality;
    // Bytes (the seat plan in columns) are compressed as data, text as text.
    this.text = typeof content === 'string';
    this.raw =
      typeof content === 'string'
        ? Buffer.from(content)
        : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    this.etag = `"${createHash('sha1').update(this.raw).digest('base64url')}"`;
  }

  encoded(acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    if (this.raw.length < COMPRESS_MIN_BYTES || !acceptEncoding) return { body: this.raw };
    if (accepts(acceptEncoding, 'br')) {
      this.br ??= brotliCompressSync(this.raw, {
        params: {
          [constants.BROTLI_PARAM_MODE]: this.text
            ? constants.BROTLI_MODE_TEXT
            : constants.BROTLI_MODE_GENERIC,
          [constants.BROTLI_PARAM_QUALITY]: this.quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
        },
      });
      return { body: this.br, encoding: 'br' };
    }
    if (accepts(acceptEncoding, 'gzip')) {
      this.gzip ??= gzipSync(this.raw, { level: 6 });
      return { body: this.gzip, encoding: 'gzip' };
    }
    return { body: this.raw };
  }
}

function accepts(header: string, coding: string): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** Sends a hot answer: 304 when the client has it, else the bytes in the best encoding it accepts. */
export function sendHot(
  request: FastifyRequest,
  reply: FastifyReply,
  body: HotBody,
  cacheControl: string,
  as: { type: string; vary: string } = { type: 'application/json; charset=utf-8', vary: 'accept-encoding' },
): FastifyReply {
  reply.header('etag', body.etag).header('cache-control', cacheControl).header('vary', as.vary);
  if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  const { body: bytes, encoding } = body.encoded(request.headers['accept-encoding']);
  // @fastify/compress leaves an answer that already has a Content-Encoding alone.
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type(as.type).send(bytes);
}
