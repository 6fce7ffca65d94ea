import type { FastifyInstance, FastifyRequest } from "fastify";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { pictureRoutes } from "./picture-routes.ts";
import { acceptPictureUploads, movePicturesToStorage, storeUploadedPicture } from "./pictures-repository.ts";

/** What a capability that takes a picture (a course's cover, her photo on About) calls in its upload routes. */
export type PictureUploads = {
  /** Lets the routes of a plugin scope take one picture as multipart (call it in that scope only). */
  accept: (app: FastifyInstance) => Promise<void>;
  /** The picture in an upload's `file` field, stored at every width; its name. */
  store: (request: FastifyRequest) => Promise<string>;
};

declare module "../capabilities/capability.ts" {
  interface Offered {
    pictureUploads: PictureUploads;
  }
}

/** Pictures: courses' covers and lessons' images, served in the sizes a page asks for, their files in the media storage. */
export default defineCapability({
  name: "pictures",
  offers: {
    pictureUploads: ({ db, storage }) => ({
      accept: acceptPictureUploads,
      store: (request) => storeUploadedPicture({ db, storage }, request),
    }),
  },
  start: ({ db, storage }) => ({
    routes: [mount("/reactapi/pictures", pictureRoutes, { db, storage })],
    sweeps: [() => movePicturesToStorage({ db, storage })],
  }),
});
