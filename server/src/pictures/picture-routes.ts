import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { readPictureVariant } from "./pictures-repository.ts";

/** Her pictures, to everyone: a name never changes what it shows, so browsers and proxies keep them a year. */
export async function pictureRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, "picture", async ({ params: { name } }, _request, reply) => {
    const [picture, width] = name.replace(".webp", "").split("-");
    const variant = await readPictureVariant(db, picture!, Number(width));
    if (!variant) throw new HttpError(404, "There is no such picture.");
    return reply
      .header("content-type", "image/webp")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("content-length", variant.bytes.length)
      .send(Buffer.from(variant.bytes));
  });
}
