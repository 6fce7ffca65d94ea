import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Profile } from "../../../../contract/sign-in.ts";
import { createStore } from "../../app/store.ts";
import { Providers } from "../../app/providers.tsx";
import { slots } from "../../app/slots.ts";
import { withoutOff } from "../../lib/capabilities-off.ts";
import { SlotsContext } from "../../lib/slots.tsx";
import NotificationsBody from "./notifications-body.tsx";

// docs/push.md: each device chooses what it is told about, among the kinds the capabilities that
// send pushes declare, as her account reads them.

const profile = (role: Profile["role"], joinedAs: "member" | "partner" = "member"): Profile =>
  ({
    id: 1,
    email: "maya@example.com",
    first_name: "Maya",
    last_name: null,
    role,
    joined_as: joinedAs,
    created_at: "2026-01-01T00:00:00.000Z",
    due_date: null,
    baby_arrived: false,
    email_confirmed: true,
  }) as Profile;

const kindsShown = async (reader: Profile, off: ReadonlySet<string> = new Set()) => {
  const store = createStore({ session: { isAuthenticated: true, user: reader, loading: false, registered: false, error: null } });
  const view = render(
    <Providers store={store}>
      <SlotsContext.Provider value={withoutOff(slots, off)}>
        <NotificationsBody account={{} as never} />
      </SlotsContext.Provider>
    </Providers>,
  );
  await screen.findByRole("button", { name: "Turn off" });
  const labels = screen.getAllByRole("checkbox").map((box) => box.closest("label")?.textContent ?? "");
  view.unmount();
  return labels;
};

describe("the kinds of notification a device may choose", () => {
  const saved = { serviceWorker: Object.getOwnPropertyDescriptor(navigator, "serviceWorker") };
  beforeEach(() => {
    // A browser that can push, with this device subscribed already.
    const subscription = { endpoint: "https://push.example/1", toJSON: () => ({}) };
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => subscription } }) },
    });
    Object.assign(window, { PushManager: class {}, Notification: class {} });
  });
  afterEach(() => {
    if (saved.serviceWorker) Object.defineProperty(navigator, "serviceWorker", saved.serviceWorker);
    else Reflect.deleteProperty(navigator, "serviceWorker");
  });

  it("offers each account the kinds declared for it, in the order web/src/feature-slots.ts lists the features", async () => {
    expect(await kindsShown(profile("member"))).toEqual([
      "Replies in my conversations",
      "My doula's announcements",
      "My bookings: confirmed, moved, reminders",
      "A live class about to start",
      "Steps of my journey",
      "Show what a message says on the lock screen (otherwise only who it is from)",
    ]);
    expect((await kindsShown(profile("member", "partner")))[0]).toBe("Her contraction timer");
    expect(await kindsShown(profile("admin"))).toEqual([
      "Labour alerts from my clients",
      "Messages from my clients",
      "What happens in my practice, as chosen under Studio → Notifications",
      "Bookings: new, moved, reminders",
      "Members who ask me for a call",
      "Show what a message says on the lock screen (otherwise only who it is from)",
    ]);
    expect(await kindsShown(profile("team"))).toEqual([
      "Labour alerts from my clients",
      "Members who ask me for a call",
      "Show what a message says on the lock screen (otherwise only who it is from)",
    ]);
  });

  it("leaves out the kinds of a capability she turned off", async () => {
    expect(await kindsShown(profile("admin"), new Set(["labour", "bookings", "journeys"]))).toEqual([
      "Messages from my clients",
      "What happens in my practice, as chosen under Studio → Notifications",
      "Show what a message says on the lock screen (otherwise only who it is from)",
    ]);
  });
});
