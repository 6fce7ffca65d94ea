import type { FastifyInstance } from "fastify";

/**
 * RFC 8058: a mail program posts "List-Unsubscribe=One-Click" as a form, from no page of ours, so
 * a one-click unsubscribe route takes any body (and reads none); its plugin calls this. The
 * unguessable token in the route's address is the proof, with the same-origin exemption "signed-by-caller".
 */
export function acceptAnyBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
}
