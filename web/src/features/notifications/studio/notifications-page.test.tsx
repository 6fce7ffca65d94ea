import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../../test/render.tsx";
import NotificationsPage from "./notifications-page.tsx";

const list = (unread: boolean) => ({
  notices: [
    { id: 7, kind: "client_message", text: "Lucía Díaz wrote to you.", link: "/studio/clients/3", at: "2026-12-06T09:30:00Z", unread },
    {
      id: 6,
      kind: "client_signed",
      text: "Lucía Díaz signed her agreement.",
      link: "/studio/clients/3",
      at: "2026-12-05T18:00:00Z",
      unread: false,
    },
  ],
  unread: unread ? 1 : 0,
});
const choices = {
  client_signed: "list",
  client_paid: "mail",
  questionnaire_answered: "list",
  client_message: "list",
  registry_gift: "list",
  booking: "list",
  class_registration: "list",
  labour_alert: "list",
};

// docs/notifications.md: what happened, newest first, the new ones marked and then seen; how she hears of each kind.
describe("Studio → Notifications", () => {
  it("lists what happened with links, marks the new one while she reads, and tells the server she has seen it", async () => {
    let seen = false;
    const calls = stubApi({
      "/reactapi/studio/notifications": () => [200, list(!seen)],
      "/reactapi/studio/notifications/read": () => {
        seen = true;
        return [200, { unread: 0 }];
      },
      "/reactapi/studio/notifications/unread": () => [200, { unread: seen ? 0 : 1 }],
      "/reactapi/studio/notifications/choices": [200, { choices }],
    });
    renderAt("/studio/notifications", [{ path: "/studio/notifications", element: <NotificationsPage /> }]);
    const message = await screen.findByRole("link", { name: "Lucía Díaz wrote to you." });
    expect(message).toHaveAttribute("href", "/studio/clients/3");
    const items = within(screen.getByRole("region", { name: "What happened" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(/^New: Lucía Díaz wrote to you\./);
    expect(items[1]).not.toHaveTextContent("New:");
    await screen.findByText("Lucía Díaz signed her agreement.");
    expect(calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
      ["/reactapi/studio/notifications/read", { up_to: 7 }],
    ]);
    // Seen now, it stays marked while she reads.
    expect(within(screen.getByRole("region", { name: "What happened" })).getAllByRole("listitem")[0]).toHaveTextContent("New:");
  });

  it("saves how she hears of a kind as she picks it", async () => {
    const calls = stubApi({
      "/reactapi/studio/notifications": [200, { notices: [], unread: 0 }],
      "/reactapi/studio/notifications/choices": (body) => [
        200,
        { choices: { ...choices, ...((body as { choices?: object })?.choices ?? {}) } },
      ],
    });
    renderAt("/studio/notifications", [{ path: "/studio/notifications", element: <NotificationsPage /> }]);
    expect(await screen.findByText("Nothing yet. When a client signs, pays, answers or writes, you read it here.")).toBeInTheDocument();
    const booking = await screen.findByRole("combobox", { name: "Someone books a session" });
    expect(screen.getByRole("combobox", { name: "A client pays online" })).toHaveValue("mail");
    fireEvent.change(booking, { target: { value: "mail" } });
    expect(await screen.findByText("Saved: you will also get a mail for this.")).toBeInTheDocument();
    // A kind her devices already hear of on their own offers no second push, and says why.
    expect(within(booking).queryByRole("option", { name: "Here and on my devices" })).toBeNull();
    expect(booking).toHaveAccessibleDescription("Your devices hear of this through its own switch in your account.");
    const gift = screen.getByRole("combobox", { name: "A friend gives through a registry" });
    fireEvent.change(gift, { target: { value: "push" } });
    expect(await screen.findByText("Saved: your devices will also tell you of this, where notifications are on.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
      ["/reactapi/studio/notifications/choices", { choices: { booking: "mail" } }],
      ["/reactapi/studio/notifications/choices", { choices: { registry_gift: "push" } }],
    ]);
    expect(screen.getByRole("link", { name: "Notifications on this device" })).toHaveAttribute("href", "/account#notifications-heading");
  });
});
