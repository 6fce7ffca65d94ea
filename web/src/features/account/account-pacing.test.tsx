import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Account } from "../../../../contract/my-account.ts";
import type { Profile } from "../../../../contract/sign-in.ts";
import { initialSessionState } from "../../lib/session.ts";
import { renderAt, stubApi } from "../../test/render.tsx";
import AccountPage from "./account-page.tsx";

// docs/journeys.md, "Baby is here": with a capability that records the birth with its day, her
// account's "My baby has arrived" asks the day, so her doula is told; and the pacing form never
// sends a birth recorded meanwhile back as "not arrived".

const profile: Profile = {
  id: 7,
  email: "rosa@example.com",
  first_name: "Rosa",
  last_name: null,
  role: "member",
  created_at: "2026-10-01T10:00:00Z",
  due_date: "2027-02-20",
  baby_arrived: false,
  email_confirmed: true,
};

const accountWith = (changes: Partial<Profile>): Account => ({
  profile: { ...profile, ...changes },
  mail: { announcements: true, class_reminders: true },
  pending_email: null,
  sessions: [],
  language: "en",
});

describe("her account's due date and birth", () => {
  it("asks the birth's day instead of a bare box, and keeps the birth when she then saves her due date", async () => {
    let account = accountWith({});
    const calls = stubApi({
      "/reactapi/account": () => [200, account],
      "/reactapi/capabilities/off": [200, { off: [] }],
      "/reactapi/bookings/mine": [200, { bookings: [] }],
      "/reactapi/community/me": [404, { error: "Not found." }],
      "/reactapi/journey": [
        200,
        { due_date: "2027-02-20", born_on: null, time_zone: "America/Chicago", paused: false, channels: ["mail"], steps: [] },
      ],
      "/reactapi/account/partner": [200, { partner: null, invitation: null }],
      "/reactapi/account/birth": () => {
        account = accountWith({ baby_arrived: true });
        return [200, { message: "Congratulations." }];
      },
      "/reactapi/account/pacing": (body) => [200, { ...account.profile, ...(body as object) }],
    });
    renderAt("/account", [{ path: "/account", element: <AccountPage /> }], {
      session: { ...initialSessionState, isAuthenticated: true, loading: false, user: profile },
    });

    const pacing = (await screen.findByRole("heading", { name: "When is your baby due?" })).closest("section")!;
    // Not yet arrived: the day is asked, not a box that would tell no one.
    expect(within(pacing).queryByRole("checkbox", { name: "My baby has arrived" })).toBeNull();
    fireEvent.click(await within(pacing).findByRole("button", { name: "My baby has arrived" }));
    const birth = within(pacing).getByRole("form", { name: "Baby is here" });
    fireEvent.click(within(birth).getByRole("button", { name: "Tell my doula the baby is here" }));
    expect(await within(pacing).findByText("Congratulations.")).toBeInTheDocument();

    // Her account comes back with the birth: the box shows it, checked, to undo it if she must.
    const box = await within(pacing).findByRole("checkbox", { name: "My baby has arrived" });
    expect(box).toBeChecked();
    fireEvent.change(within(pacing).getByLabelText("Due date"), { target: { value: "2027-02-22" } });
    fireEvent.click(within(pacing).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/reactapi/account/pacing")).toBe(true));
    expect(calls.find((call) => call.path === "/reactapi/account/pacing")!.body).toEqual({ due_date: "2027-02-22", baby_arrived: true });
  });
});
