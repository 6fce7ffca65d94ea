import type { FastifyInstance } from "fastify";
import { sentence } from "../../../contract/languages.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import type { PushConfig } from "../config.ts";
import { deleteSubscription, saveSubscription } from "./push-repository.ts";
import { sessionKeyOf } from "../accounts/sessions-repository.ts";
import { SESSION_COOKIE } from "../http/session-cookies.ts";
import { vapidKeys } from "./push-sender.ts";
import { isAllowedPushService } from "./push-services.ts";

export type PushRouteOptions = { db: Database; clock: Clock; push: PushConfig; wakeOnQueued: () => () => void };

/** Notifications on her devices (docs/push.md): the key a browser subscribes with, and her devices' subscriptions. */
export async function pushRoutes(app: FastifyInstance, { db, clock, push, wakeOnQueued }: PushRouteOptions) {
  const stopListening = wakeOnQueued();
  app.addHook("onClose", async () => stopListening());

  route(app, "pushKey", async () => ({ public_key: (await vapidKeys(db, push)).publicKey }));

  route(app, "savePushSubscription", async ({ body }, request, reply) => {
    const member = requireMember(request);
    if (!isAllowedPushService(body.endpoint, push.services))
      throw new HttpError(400, "Notifications go through your browser's own push service, and this address is not one we send to.", {
        endpoint: sentence("Not a push service on this site's list."),
      });
    // Requests reach here signed in, so the cookie is there: the device follows this session (push-schema.ts).
    await saveSubscription(db, member.id, sessionKeyOf(request.cookies[SESSION_COOKIE]!), body, clock.now());
    return reply.code(201).send({
      message:
        body.kinds.length === 0
          ? "Notifications are on for this device, with nothing chosen yet."
          : "Notifications are on for this device.",
    });
  });

  route(app, "deletePushSubscription", async ({ body }, request) => {
    await deleteSubscription(db, requireMember(request).id, body.endpoint);
    return { message: "Notifications are off for this device." };
  });
}
