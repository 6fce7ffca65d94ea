import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { OnCallOverlap, OnCallWindow, StudioBooking } from "../../../../../contract/studio/calendar.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { addressOf } from "../../../lib/api.ts";
import { whenLabel, zoneName } from "../../../lib/time-labels.ts";
import { dayKey, dayLabel, timeLabel } from "../../../lib/calendar-days.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDate, Loading } from "../../../studio-kit/studio-parts.tsx";
import { PersonActions } from "../person-actions.tsx";
import { t } from "../messages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const stateLabel = (): Record<StudioBooking["state"], string> => ({
  awaiting_email: t("Awaiting e-mail"),
  awaiting_payment: t("Awaiting payment"),
  confirmed: t("Confirmed"),
  cancelled: t("Cancelled"),
  expired: t("Lapsed"),
  attended: t("Attended"),
  no_show: t("No-show"),
});

/** Monday 00:00 of this browser's week, moved by whole weeks. */
function weekStart(offset: number): Date {
  const today = new Date();
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() + 6) % 7) + offset * 7);
  return monday;
}

function BookingDetail({ booking, zone, onClose }: { booking: StudioBooking; zone: string; onClose: () => void }) {
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const [privateNote, setPrivateNote] = useState(booking.private_note);
  const [message, setMessage] = useState("");
  const [cancelling, setCancelling] = useState(false);
  const live = booking.state === "confirmed" || booking.state === "awaiting_email" || booking.state === "awaiting_payment";
  const mark = (state: "attended" | "no_show") =>
    void run(
      () => send("markCalendarBooking", { params: { id: booking.id }, body: { state } }),
      () => (state === "attended" ? t("Marked attended.") : t("Marked no-show.")),
    );
  return (
    <Box
      component="section"
      aria-label={t("Booking of {name}", { name: booking.name })}
      sx={{ display: "grid", gap: 1.5, p: 2, mt: 2, border: "1px solid var(--border)", borderRadius: 2, bgcolor: "var(--surface)" }}
    >
      <Box component="h3" sx={{ m: 0, fontSize: "1.15rem" }}>
        {booking.name}: {booking.service_name}
      </Box>
      <PersonActions person={{ email: booking.email, name: booking.name }} />
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", m: 0, "& dd": { m: 0, overflowWrap: "anywhere" } }}
      >
        <dt>{t("When")}</dt>
        <dd>
          {whenLabel(booking.start, zone)} ({zoneName(zone)})
        </dd>
        <dt>{t("Status")}</dt>
        <dd>
          {stateLabel()[booking.state]}
          {booking.paid ? ", paid" : ""}
        </dd>
        <dt>{t("E-mail")}</dt>
        <dd>
          <a href={`mailto:${booking.email}`}>{booking.email}</a>
          {booking.member ? " (member)" : ""}
        </dd>
        {booking.due_date ? (
          <>
            <dt>{t("Due date")}</dt>
            <dd>{formatDate(`${booking.due_date}T12:00:00`)}</dd>
          </>
        ) : null}
        {booking.birth_plan_shared ? (
          <>
            <dt>{t("Birth preferences")}</dt>
            <dd>
              <a href={addressOf("bookingBirthPlanPdf", { params: { id: booking.id }, query: { size: "a4" } })} download>
                {t("Her birth preferences (PDF)")}
              </a>
            </dd>
          </>
        ) : null}
        {booking.note ? (
          <>
            <dt>{t("Her note")}</dt>
            <dd style={{ whiteSpace: "pre-line" }}>{booking.note}</dd>
          </>
        ) : null}
      </Box>
      <TextField
        label={t("Your private note (only you see it)")}
        multiline
        rows={3}
        value={privateNote}
        onChange={(event) => setPrivateNote(event.target.value)}
      />
      <OutcomeNotice outcome={outcome} />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() =>
            void run(
              () => send("markCalendarBooking", { params: { id: booking.id }, body: { private_note: privateNote } }),
              () => t("Note saved."),
            )
          }
        >
          {t("Save note")}
        </Button>
        {booking.state === "confirmed" || booking.state === "attended" || booking.state === "no_show" ? (
          <>
            <Button disabled={busy} onClick={() => mark("attended")}>
              {t("Attended")}
            </Button>
            <Button disabled={busy} onClick={() => mark("no_show")}>
              {t("No-show")}
            </Button>
          </>
        ) : null}
        {live && !cancelling ? (
          <Button color="error" onClick={() => setCancelling(true)}>
            {t("Cancel booking")}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t("Close")}</Button>
      </Box>
      {cancelling ? (
        <Box sx={{ display: "grid", gap: 1 }}>
          <TextField
            label={t("A message to her (optional)")}
            multiline
            rows={2}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <Box sx={{ color: "text.secondary", fontSize: "0.9rem" }}>
            {booking.paid
              ? t("She receives your message with the cancellation, and her payment is refunded in full.")
              : t("She receives your message with the cancellation.")}
          </Box>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button
              color="error"
              variant="contained"
              disabled={busy}
              onClick={() =>
                void run(
                  () => send("studioCancelBooking", { params: { id: booking.id }, body: { message } }),
                  () => t("Cancelled; she has been told."),
                ).then((done) => done && setCancelling(false))
              }
            >
              {t("Yes, cancel it")}
            </Button>
            <Button onClick={() => setCancelling(false)}>{t("Keep it")}</Button>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** A week of bookings: seven columns on a laptop, a list of days on a phone; the contact form's enquiries below. */
// On-call days are calendar days: formatted in UTC so no zone moves one to the day before.
const onCallDay = (day: string) => formatDate(`${day}T12:00:00Z`);

/** Her birth clients on call in the week shown, and the weeks in which several windows are open at once. */
function OnCall({ windows, overlaps }: { windows: readonly OnCallWindow[]; overlaps: readonly OnCallOverlap[] }) {
  if (windows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="on-call-heading" sx={{ mb: 2, p: 1.5, borderRadius: 2, bgcolor: "var(--tint-faint)" }}>
      <Box component="h3" id="on-call-heading" sx={{ m: 0, mb: 1, fontSize: "1rem" }}>
        {t("On call")}
      </Box>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: "20px" }}>
        {windows.map((window) => (
          <li key={window.record_id}>
            <Link to={`/studio/clients/${window.record_id}`}>{window.client}</Link>
            {": "}
            {t("{from} to {until}", { from: onCallDay(window.from), until: onCallDay(window.until) })}
          </li>
        ))}
      </Box>
      {overlaps.map((overlap) => (
        <Box key={overlap.from} sx={{ mt: 1, fontWeight: 600 }}>
          {t("{count, plural, one {# client} other {# clients}} on call {from} to {until}", {
            count: overlap.clients,
            from: onCallDay(overlap.from),
            until: onCallDay(overlap.until),
          })}
        </Box>
      ))}
    </Box>
  );
}

export function BookingsWeek() {
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const from = weekStart(offset);
  const to = new Date(from.getTime() + 7 * DAY_MS + 2 * 60 * 60 * 1000);
  const query = { query: { from: from.toISOString(), to: to.toISOString() } };
  const { answer, failure } = useAnswer("studioCalendarBookings", query);
  const zone = answer?.time_zone ?? "UTC";
  const days = useMemo(
    () => Array.from({ length: 7 }, (_, index) => new Date(from.getFullYear(), from.getMonth(), from.getDate() + index, 12).toISOString()),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [offset],
  );
  const open = answer?.bookings.find((booking) => booking.id === openId);
  if (!answer) return <Loading failure={failure} what={t("the bookings")} />;
  return (
    <>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <Button variant="outlined" onClick={() => setOffset(offset - 1)}>
          {t("Previous week")}
        </Button>
        <Button variant="outlined" onClick={() => setOffset(0)} disabled={offset === 0}>
          {t("This week")}
        </Button>
        <Button variant="outlined" onClick={() => setOffset(offset + 1)}>
          {t("Next week")}
        </Button>
        <Box component="span" sx={{ color: "text.secondary" }}>
          {t("Times in {zone}", { zone: zoneName(zone) })}
        </Box>
      </Box>
      <OnCall windows={answer.on_call} overlaps={answer.on_call_overlaps} />
      <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", md: "repeat(7, minmax(0, 1fr))" } }}>
        {days.map((day) => {
          const key = dayKey(day, zone);
          const todays = answer.bookings.filter((booking) => dayKey(booking.start, zone) === key);
          return (
            <Box
              key={key}
              component="section"
              aria-label={dayLabel(day, zone)}
              sx={{ border: "1px solid var(--border)", borderRadius: 2, p: 1, minHeight: { md: 120 } }}
            >
              <Box component="h3" sx={{ m: 0, mb: 1, fontSize: "0.95rem" }}>
                {dayLabel(day, zone)}
              </Box>
              {todays.length === 0 ? (
                <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>{t("Nothing booked")}</Box>
              ) : (
                <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 0.5 }}>
                  {todays.map((booking) => (
                    <li key={booking.id}>
                      <button
                        type="button"
                        className="button button-small button-outlined"
                        style={{
                          width: "100%",
                          justifyContent: "flex-start",
                          textAlign: "start",
                          opacity: booking.state === "cancelled" ? 0.7 : 1,
                        }}
                        aria-expanded={openId === booking.id}
                        onClick={() => setOpenId(openId === booking.id ? null : booking.id)}
                      >
                        {timeLabel(booking.start, zone)} {booking.name}, {booking.service_name} ({stateLabel()[booking.state]})
                      </button>
                    </li>
                  ))}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      {open ? <BookingDetail key={open.id} booking={open} zone={zone} onClose={() => setOpenId(null)} /> : null}
      <Box component="h3" sx={{ mt: 3, mb: 1, fontSize: "1.1rem" }}>
        {t("Enquiries from the Support page")}
      </Box>
      {answer.enquiries.length === 0 ? (
        <p>{t("No enquiries yet.")}</p>
      ) : (
        <Box component="ul" sx={{ paddingInlineStart: "20px", m: 0 }}>
          {answer.enquiries.slice(0, 10).map((enquiry) => (
            <li key={enquiry.id}>
              {formatDate(enquiry.received_at)}: {enquiry.full_name} (<a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>)
              {enquiry.services.length ? `, ${t("asks about {services}", { services: enquiry.services.join(", ") })}` : ""}
              {enquiry.due_date ? `, ${t("due {date}", { date: formatDate(`${enquiry.due_date}T12:00:00`) })}` : ""}{" "}
              <PersonActions person={{ email: enquiry.email, name: enquiry.full_name, dueDate: enquiry.due_date }} />
            </li>
          ))}
        </Box>
      )}
    </>
  );
}
