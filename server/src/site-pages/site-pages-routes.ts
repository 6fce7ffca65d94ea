import type { FastifyInstance } from "fastify";
import { staleRevisionMessage } from "../../../contract/constants.ts";
import { type AboutPage, type LinksPage } from "../../../contract/site-pages.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { sanitiseHtml } from "../lib/sanitise-html.ts";
import type { Offered } from "../capabilities/capability.ts";
import { aboutPhoto, readPage, savePage, setAboutPhoto } from "./site-pages-repository.ts";
import { nameWithTitle, type PracticeNames } from "../lib/practice-names.ts";

const emptyAbout: AboutPage = { story_html: "", credentials: [], testimonials: [] };
const emptyLinks: LinksPage = { links: [] };

async function about(db: Database) {
  const page = await readPage(db, "about");
  return { page: (page?.content as AboutPage | undefined) ?? emptyAbout, revision: page?.revision ?? 0 };
}
async function links(db: Database) {
  const page = await readPage(db, "links");
  return { page: (page?.content as LinksPage | undefined) ?? emptyLinks, revision: page?.revision ?? 0 };
}

/** About and Helpful links, as visitors read them. */
export async function sitePagesRoutes(app: FastifyInstance, { db, practice }: { db: Database; practice: PracticeNames }) {
  // Her name as its heading, with her title in the reader's language (Studio → Site).
  route(app, "aboutPage", async (_input, request) => ({
    ...(await about(db)).page,
    instructor_name: nameWithTitle(practice.now(request.language)),
    photo: await aboutPhoto(db),
  }));
  route(app, "linksPage", async () => (await links(db)).page);
}

/** The studio's Site section: the same pages, with their revisions, and their saving (behind the studio's guard). */
export async function siteStudioRoutes(app: FastifyInstance, { db, pictures }: { db: Database; pictures: Offered["pictureUploads"] }) {
  route(app, "studioAbout", async () => {
    const { page, revision } = await about(db);
    return { ...page, revision, photo: await aboutPhoto(db) };
  });
  route(app, "saveAbout", async ({ body }) => {
    const { revision, ...page } = body;
    const saved: AboutPage = { ...page, story_html: page.story_html.trim() ? sanitiseHtml(page.story_html) : "" };
    const next = await savePage(db, "about", saved, revision);
    if (next === null) throw new HttpError(409, staleRevisionMessage);
    return { ...saved, revision: next, photo: await aboutPhoto(db) };
  });
  route(app, "studioLinks", async () => {
    const { page, revision } = await links(db);
    return { ...page, revision };
  });
  route(app, "saveLinks", async ({ body }) => {
    const { revision, ...page } = body;
    const next = await savePage(db, "links", page, revision);
    if (next === null) throw new HttpError(409, staleRevisionMessage);
    return { ...page, revision: next };
  });

  await app.register(aboutPhotoRoutes, { db, pictures });
}

/** Her photo on About: its own scope, the only one of the Site section that takes multipart. */
async function aboutPhotoRoutes(app: FastifyInstance, { db, pictures }: { db: Database; pictures: Offered["pictureUploads"] }) {
  await pictures.accept(app);
  route(
    app,
    "uploadAboutPhoto",
    async (_input, request) => {
      const picture = await pictures.store(request);
      await setAboutPhoto(db, picture);
      return { picture, message: "Your photo is on your About page now." };
    },
    { sameOriginExemption: "multipart-upload" },
  );
  route(app, "removeAboutPhoto", async () => {
    await setAboutPhoto(db, null);
    return { picture: null, message: "Your photo is off your About page." };
  });
}
