import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const MIN_BYTES = 1024;
const LIMIT = 200;
const compressed = new Map<string, { br?: Buffer; gzip?: Buffer }>();

/**
 * Sends JSON text that many requests share (the cached catalogue answers), compressed when the
 * browser accepts it. Each text is compressed once and remembered, so a busy server does not
 * compress the same bytes again for every phone that asks.
 */
export function sendSharedJson(request: FastifyRequest, reply: FastifyReply, json: string) {
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  const accepted = String(request.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  if (!encoding || json.length < MIN_BYTES) return reply.send(json);
  let entry = compressed.get(json);
  if (!entry) {
    if (compressed.size >= LIMIT) compressed.clear();
    entry = {};
    compressed.set(json, entry);
  }
  const body = (entry[encoding] ??=
    encoding === "br" ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(json, { level: 6 }));
  return reply.header("content-encoding", encoding).send(body);
}
