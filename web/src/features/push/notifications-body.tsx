import "./push-endpoints.ts";
import { useEffect, useState } from "react";
import type { Account } from "../../../../contract/my-account.ts";
import type { PushKind } from "../../../../contract/api.ts";
import type { Profile } from "../../../../contract/sign-in.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { call, failureOf } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { type PushKindChoice, shownTo, useSlots } from "../../lib/slots.tsx";
import { t } from "./messages.ts";

// Notifications on this device (docs/push.md): Web Push, in addition to mail. The browser asks
// for permission only when she presses Turn on; each device chooses its own kinds.

const KINDS_KEY = "push-kinds";

/** The kinds this account may choose, in the words she reads: each declared by the capability that sends it (web/src/feature-slots.ts). */
function kindsFor(profile: Profile, choices: readonly PushKindChoice[]): { kind: PushKind; label: string }[] {
  return shownTo(choices, profile).map((choice) => ({ kind: choice.kind, label: t(choice.label) }));
}

const supported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The VAPID key as the browser takes it (bytes), from the URL-safe base64 the server gives. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64Url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

export default function NotificationsSection(_props: { account: Account }) {
  const profile = useSession().user;
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(undefined);
  const [kinds, setKinds] = useState<PushKind[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(KINDS_KEY) ?? "null") ?? [];
    } catch {
      return [];
    }
  });
  const [previews, setPreviews] = useState(() => localStorage.getItem(`${KINDS_KEY}-previews`) === "true");
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { pushKinds } = useSlots();

  useEffect(() => {
    if (!supported()) return setSubscription(null);
    void navigator.serviceWorker.ready.then((registration) => registration.pushManager.getSubscription()).then(setSubscription);
  }, []);

  if (!profile) return null;
  const offered = kindsFor(profile, pushKinds);
  if (!supported())
    return (
      <p>
        {t(
          "This browser cannot show notifications from us. On an iPhone or iPad, add this site to your Home Screen first, then turn them on from there.",
        )}
      </p>
    );
  if (subscription === undefined) return null;

  const save = async (current: PushSubscription, chosen: PushKind[], withPreviews: boolean) => {
    const json = current.toJSON() as { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };
    const answer = await call("savePushSubscription", { body: { ...json, kinds: chosen, previews: withPreviews } });
    localStorage.setItem(KINDS_KEY, JSON.stringify(chosen));
    localStorage.setItem(`${KINDS_KEY}-previews`, String(withPreviews));
    return answer.message;
  };

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ tone: "success", text: await work() });
    } catch (error) {
      setOutcome({ tone: "error", text: failureOf(error).error ?? t("That did not work. Please try again.") });
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    act(async () => {
      // The browser's question comes only now, on her press.
      if ((await Notification.requestPermission()) !== "granted")
        throw new Error(t("Notifications are blocked for this site. You can allow them in your browser's settings for this site."));
      const { public_key } = await call("pushKey");
      const registration = await navigator.serviceWorker.ready;
      const created = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
      const chosen = kinds.length > 0 ? kinds : offered.map((option) => option.kind);
      setKinds(chosen);
      const message = await save(created, chosen, previews);
      setSubscription(created);
      return message;
    });

  const turnOff = () =>
    act(async () => {
      const endpoint = subscription!.endpoint;
      await subscription!.unsubscribe();
      setSubscription(null);
      return (await call("deletePushSubscription", { body: { endpoint } })).message;
    });

  const toggle = (kind: PushKind, on: boolean) => {
    const chosen = on ? [...kinds, kind] : kinds.filter((candidate) => candidate !== kind);
    setKinds(chosen);
    if (subscription) void act(() => save(subscription, chosen, previews));
  };
  const togglePreviews = (on: boolean) => {
    setPreviews(on);
    if (subscription) void act(() => save(subscription, kinds, on));
  };

  return (
    <div className="stack">
      <p style={{ margin: 0 }}>
        {subscription
          ? t("This device shows our notifications. Mail comes as before.")
          : t("Have this phone or computer tell you at once, beside the mail. Each device has its own choice.")}
      </p>
      {subscription ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t("Tell me on this device about")}</legend>
          {offered.map((option) => (
            <label key={option.kind} style={{ display: "flex", gap: 8, alignItems: "center", minHeight: 44 }}>
              <input
                type="checkbox"
                checked={kinds.includes(option.kind)}
                disabled={busy}
                onChange={(event) => toggle(option.kind, event.target.checked)}
                style={{ width: 22, height: 22 }}
              />
              {option.label}
            </label>
          ))}
          <label style={{ display: "flex", gap: 8, alignItems: "center", minHeight: 44 }}>
            <input
              type="checkbox"
              checked={previews}
              disabled={busy}
              onChange={(event) => togglePreviews(event.target.checked)}
              style={{ width: 22, height: 22 }}
            />
            {t("Show what a message says on the lock screen (otherwise only who it is from)")}
          </label>
        </fieldset>
      ) : null}
      <div className="row">
        {subscription ? (
          <button type="button" className="button button-outlined" disabled={busy} onClick={() => void turnOff()}>
            {t("Turn off")}
          </button>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={() => void turnOn()}>
            {t("Turn on notifications")}
          </button>
        )}
      </div>
      <OutcomeNotice outcome={outcome} />
    </div>
  );
}
