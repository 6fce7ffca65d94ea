import { z } from "zod";
import { ApiError } from "./errors.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";
import { type Endpoint } from "./endpoint.ts";

// Push notifications on her devices (docs/push.md): Web Push, in addition to mail.

/**
 * What a device may be told about; each device chooses its own. Each capability declares the kinds
 * it sends beside its endpoints (`classesPushKinds`…), contract/api.ts composes them; this one is the
 * push capability's own: someone wrote back (in the community, or her client to the doula).
 */
export const pushOwnKinds = ["replies"] as const;

// The browser's keys, URL-safe base64 (RFC 8291): a P-256 public key is 65 bytes (87 characters), the secret 16 (22).
const base64Url = /^[A-Za-z0-9_-]+={0,2}$/;
const unpadded = (value: string) => value.replace(/=+$/, "").length;
const P256dh = z
  .string({ error: "The subscription's p256dh key is missing." })
  .regex(base64Url, { error: "The subscription's p256dh key is not URL-safe base64." })
  .refine((value) => unpadded(value) === 87, { error: "The subscription's p256dh key is not the length a browser makes." });
const AuthSecret = z
  .string({ error: "The subscription's auth key is missing." })
  .regex(base64Url, { error: "The subscription's auth key is not URL-safe base64." })
  .refine((value) => unpadded(value) === 22, { error: "The subscription's auth key is not the length a browser makes." });

export const PushEndpoint = z.url({ protocol: /^https?$/, error: "The subscription's endpoint is not a web address." }).max(2000, {
  error: "The subscription's endpoint is longer than any push service makes.",
});

/** The browser's PushSubscription (its toJSON()), and what this device is to be told: one of the composed kinds. */
export function pushSubscriptionSave<Kind extends string>(kinds: readonly [Kind, ...Kind[]]) {
  return z.object({
    endpoint: PushEndpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: P256dh, auth: AuthSecret }, { error: "The subscription's keys are missing." }),
    kinds: z
      .array(z.enum(kinds, { error: "That is not a kind of notification we send." }), {
        error: "Choose what this device is told about, as a list.",
      })
      .max(kinds.length)
      .transform((chosen) => [...new Set(chosen)]),
    /** Whether a notification may say more than "Message from your doula" on a locked screen. */
    previews: z.boolean({ error: "Say whether previews are on, true or false." }).default(false),
  });
}

export const PushSubscriptionDelete = z.object({ endpoint: PushEndpoint });

export const PushKey = z.object({ public_key: z.string() });

/** This capability's entries of the endpoint table (contract/api.ts composes every part), with every capability's kinds. */
export const pushEndpoints = <Kind extends string>(kinds: readonly [Kind, ...Kind[]]) =>
  ({
    pushKey: {
      method: "GET",
      path: "/reactapi/push/key",
      summary: "The site's VAPID public key (URL-safe base64), which a browser's subscription names",
      access: "anyone",
      travels: "push",
      answers: { 200: { description: "The key.", schema: PushKey } },
    },
    savePushSubscription: {
      method: "POST",
      path: "/reactapi/push/subscriptions",
      summary: "Turns on notifications on this device, or changes which kinds it is told about",
      access: "member",
      travels: "push",
      body: pushSubscriptionSave(kinds),
      answers: {
        201: { description: "Kept.", schema: StudioOutcome },
        400: { description: "A bad subscription, or a push service not on PUSH_SERVICES.", schema: ApiError },
      },
    },
    deletePushSubscription: {
      method: "POST",
      path: "/reactapi/push/subscriptions/delete",
      summary: "Turns notifications off on this device",
      access: "member",
      travels: "push",
      body: PushSubscriptionDelete,
      answers: { 200: { description: "Gone (or was not there).", schema: StudioOutcome } },
    },
  }) satisfies Record<string, Endpoint>;
