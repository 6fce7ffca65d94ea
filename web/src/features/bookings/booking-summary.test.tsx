import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MyBooking } from "../../../../contract/bookings.ts";
import { BookingSummary } from "./booking-summary.tsx";

const booking: MyBooking = {
  id: 1,
  token: "t",
  service_id: 2,
  service_name: "Free consultation",
  state: "confirmed",
  start: "2027-01-12T15:00:00.000Z",
  end: "2027-01-12T15:30:00.000Z",
  time_zone: "America/New_York",
  location_kind: "phone",
  location: "",
  due_date: "2027-03-08",
  note: "",
  change_until: "2027-01-11T15:00:00.000Z",
  can_change: true,
  refund_on_cancel: false,
  paid: false,
  contact_email: "doula@example.com",
};

// docs/languages.md: dates are written through Intl, never as the machine's 2027-03-08.
describe("a booking's facts", () => {
  it("write her due date as a calendar day of the page's language, the same day in any zone", () => {
    render(<BookingSummary booking={booking} zone="Pacific/Honolulu" />);
    expect(screen.getByText("Due date").nextElementSibling).toHaveTextContent("8 March 2027");
    expect(document.body).not.toHaveTextContent("2027-03-08");
  });
});
