import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import { MailChoices } from "./mail-choices.tsx";

// docs/product.md, My account: the mail she turns off, and on again after a one-click unsubscribe.
describe("the mail she chooses on /account", () => {
  it("turns announcements back on with one tick, and says what she will get", async () => {
    const calls = stubApi({
      "/reactapi/account/mail": [
        200,
        { announcements: true, class_reminders: true, message: "Saved. We will mail you announcements and class reminders." },
      ],
    });
    renderAt("/account", [{ path: "/account", element: <MailChoices saved={{ announcements: false, class_reminders: true }} /> }]);
    const announcements = screen.getByRole("checkbox", { name: /announcements/ });
    expect(announcements).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: /reminders and replays/ })).toBeChecked();
    fireEvent.click(announcements);
    expect(await screen.findByText("Saved. We will mail you announcements and class reminders.")).toBeInTheDocument();
    expect(announcements).toBeChecked();
    expect(calls.map((call) => [call.method, call.body])).toEqual([["POST", { announcements: true }]]);
  });

  it("puts the box back as it was when the change is not saved, and says why", async () => {
    stubApi({ "/reactapi/account/mail": [503, { error: "The service is busy. Please try again in a moment." }] });
    renderAt("/account", [{ path: "/account", element: <MailChoices saved={{ announcements: true, class_reminders: true }} /> }]);
    const reminders = screen.getByRole("checkbox", { name: /reminders and replays/ });
    fireEvent.click(reminders);
    expect(await screen.findByText("The service is busy. Please try again in a moment.")).toBeInTheDocument();
    expect(reminders).toBeChecked();
  });
});
