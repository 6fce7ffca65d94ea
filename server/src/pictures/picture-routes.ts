import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { type PictureStore, readPictureVariant } from "./pictures-repository.ts";

/** Her pictures, to everyone: a name never changes what it shows, so browsers and proxies keep them a year. */
export async function pictureRoutes(app: FastifyInstance, store: PictureStore) {
  route(app, "picture", async ({ params: { name } }, _request, reply) => {
    const [picture, width] = name.replace(".webp", "").split("-");
    const variant = await readPictureVariant(store, picture!, Number(width));
    if (!variant) throw new HttpError(404, "There is no such picture.");
    reply.header("content-type", "image/webp").header("cache-control", "public, max-age=31536000, immutable");
    if ("bytes" in variant) return reply.header("content-length", variant.bytes.length).send(variant.bytes);
    return reply.header("content-length", variant.file.size).send(variant.file.body);
  });
}
