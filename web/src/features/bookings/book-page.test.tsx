import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAt, stubApi } from "../../test/render.tsx";
import BookPage from "./book-page.tsx";
import ManageBookingPage from "./manage-page.tsx";

// docs/product.md, "Booking 1:1 support": the times in the reader's own zone, named; a refused
// time offers the nearest; a full due month offers its waiting list.

const NOW = new Date("2027-03-01T12:00:00Z");
const service = {
  id: 7,
  name: "Birth support",
  description: "Beside you from the first contraction.",
  duration_minutes: 60,
  price: 0,
  currency: "USD",
  who: "anyone",
  birth_support: true,
  location_kind: "video",
  cancel_cutoff_hours: 24,
};
const window14 = (from: Date) =>
  new URLSearchParams({ from: from.toISOString(), to: new Date(from.getTime() + 14 * 24 * 3600_000).toISOString() }).toString();
const slotsPath = `/reactapi/bookings/services/7/slots?${window14(NOW)}`;
// 09:00 and 10:00 in New York on 2 March are 23:00 and 00:00 in Tokyo: two days there.
const slots = ["2027-03-02T09:00:00-05:00", "2027-03-02T10:00:00-05:00"];

/** Opens /book on the service, picks its first free time and fills in her name and e-mail. */
async function openFormOfFirstTime() {
  const user = userEvent.setup({ advanceTimers: () => undefined });
  renderAt("/book?service=7", [{ path: "/book", element: <BookPage /> }]);
  const times = await screen.findByRole("region", { name: "Free times for Birth support" });
  await user.click((await within(times).findAllByRole("button", { pressed: false }))[0]!);
  await user.type(screen.getByLabelText(/Your name/), "Aiko");
  await user.type(screen.getByLabelText(/E-mail address/), "aiko@example.com");
  return user;
}

describe("booking 1:1 support", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  });
  afterEach(() => vi.useRealTimers());

  it("groups a service's free times by day in the reader's zone, and names the zone", async () => {
    stubApi({
      "/reactapi/bookings/services": [200, { services: [service], time_zone: "America/New_York" }],
      [slotsPath]: [200, { slots, time_zone: "America/New_York", duration_minutes: 60 }],
    });
    renderAt("/book?service=7", [{ path: "/book", element: <BookPage /> }]);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(await screen.findByText(zone.replaceAll("_", " "), { exact: false })).toBeInTheDocument();
    const times = await screen.findByRole("region", { name: "Free times for Birth support" });
    // The region is there while its times load; an answer renders in slices (lib/store-hooks.ts).
    const days = await within(times).findAllByRole("heading", { level: 3 });
    const expectedDays = new Set(
      slots.map((slot) => new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeZone: zone }).format(new Date(slot))),
    );
    expect(days).toHaveLength(expectedDays.size);
    expect(
      within(times)
        .getAllByRole("button", { pressed: false })
        .map((button) => button.textContent),
    ).toEqual(
      slots.map((slot) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: zone }).format(new Date(slot))),
    );
  });

  it("offers the due month's waiting list when the month is full, and keeps what she typed", async () => {
    const calls = stubApi({
      "/reactapi/bookings/services": [200, { services: [service], time_zone: "America/New_York" }],
      [slotsPath]: [200, { slots, time_zone: "America/New_York", duration_minutes: 60 }],
      "/reactapi/bookings": [
        409,
        {
          error: "Every birth-support place for babies due in June 2027 is taken. You are welcome to join the waiting list.",
          alternatives: [],
          waiting_list: { month: "2027-06" },
        },
      ],
      "/reactapi/bookings/waiting-list": [201, { month: "2027-06", position: 2 }],
    });
    const user = await openFormOfFirstTime();
    await user.type(screen.getByLabelText(/Your due date/), "2027-06-15");
    await user.click(screen.getByRole("button", { name: "Book this time" }));
    expect(await screen.findByText(/Every birth-support place for babies due in June 2027 is taken/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveValue("Aiko");
    await user.click(screen.getByRole("button", { name: "Join the waiting list" }));
    expect(await screen.findByText(/You are number 2 on the waiting list/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/reactapi/bookings/waiting-list")?.body).toMatchObject({
      service_id: 7,
      name: "Aiko",
      email: "aiko@example.com",
      due_date: "2027-06-15",
    });
  });

  it("offers the nearest free times when hers was just taken", async () => {
    stubApi({
      "/reactapi/bookings/services": [200, { services: [{ ...service, birth_support: false }], time_zone: "America/New_York" }],
      [slotsPath]: [200, { slots, time_zone: "America/New_York", duration_minutes: 60 }],
      "/reactapi/bookings": [
        409,
        { error: "That time was just taken. Here are the nearest free times.", alternatives: ["2027-03-02T11:00:00-05:00"] },
      ],
    });
    const user = await openFormOfFirstTime();
    await user.click(screen.getByRole("button", { name: "Book this time" }));
    expect(await screen.findByText("That time was just taken. Here are the nearest free times.")).toBeInTheDocument();
    const nearest = screen.getByRole("list", { name: "The nearest free times" });
    await user.click(within(nearest).getByRole("button"));
    // The form stays, with what she typed, for the time she picked instead.
    expect(screen.getByLabelText(/Your name/)).toHaveValue("Aiko");
    expect(screen.getByRole("heading", { level: 2, name: /2 March 2027/ })).toHaveFocus();
  });

  it("tells her to write to the instructor once the cut-off has passed", async () => {
    const booking = {
      id: 3,
      token: "manage-token-aaaaaaaaaaaa",
      service_id: 7,
      service_name: "Free consultation",
      state: "confirmed",
      start: "2027-03-01T15:00:00-05:00",
      end: "2027-03-01T15:20:00-05:00",
      time_zone: "America/New_York",
      location_kind: "video",
      location: "https://meet.example/room",
      due_date: null,
      note: "",
      change_until: "2027-02-28T15:00:00-05:00",
      can_change: false,
      refund_on_cancel: false,
      paid: false,
      contact_email: "hello@example.com",
    };
    stubApi({ "/reactapi/bookings/manage/manage-token-aaaaaaaaaaaa": [200, booking] });
    renderAt("/booking/manage-token-aaaaaaaaaaaa", [{ path: "/booking/:id", element: <ManageBookingPage /> }]);
    expect(await screen.findByRole("heading", { name: "Free consultation", level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/too close to the session to change it here/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
    expect(screen.queryByRole("button", { name: "Reschedule" })).toBeNull();
    expect(screen.getByRole("link", { name: "Join the video call" })).toHaveAttribute("href", "https://meet.example/room");
  });
});
