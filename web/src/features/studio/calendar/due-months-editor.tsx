import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDate, formatDateTime, Loading } from "../../../studio-kit/studio-parts.tsx";
import { dateFormatOnUse } from "../../../lib/formats.ts";
import { t, tWith } from "../messages.ts";

const monthFormat = dateFormatOnUse({ month: "long", year: "numeric", timeZone: "UTC" });
const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T12:00:00Z`));

/** How many births she takes per due month, how many are taken, and who waits for a place. */
export function DueMonthsEditor() {
  const { answer, failure } = useAnswer("studioDueMonths");
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const [month, setMonth] = useState("");
  const [places, setPlaces] = useState("3");
  if (!answer) return <Loading failure={failure} what={t("your places by due month")} />;
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      () => send("setDueMonthPlaces", { body: { month, places: places.trim() === "" ? Number.NaN : Number(places) } }),
      () => t("{month}: {places, plural, one {# place} other {# places}}.", { month: monthName(month), places }),
    );
  };
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 720 }}>
      <p style={{ margin: 0 }}>
        {t(
          "A birth-support service asks the mother's due date. Set how many births you take with a due date in a month; a full month offers its waiting list instead. A month you have not set has no limit.",
        )}
      </p>
      <Box
        component="form"
        onSubmit={save}
        noValidate
        aria-label={t("Places in a due month")}
        sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr auto" }, alignItems: "end" }}
      >
        <TextField
          label={t("Due month")}
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          error={Boolean(details?.month)}
          helperText={details?.month ?? t("YYYY-MM")}
        />
        <TextField
          label={t("Places")}
          value={places}
          onChange={(event) => setPlaces(event.target.value)}
          error={Boolean(details?.places)}
          helperText={details?.places}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Set places")}
        </Button>
      </Box>
      <OutcomeNotice outcome={outcome} />
      {answer.months.length === 0 ? <p style={{ margin: 0 }}>{t("No due months yet.")}</p> : null}
      {answer.months.map((entry) => (
        <Box
          key={entry.month}
          component="section"
          aria-label={monthName(entry.month)}
          sx={{ border: "1px solid var(--border)", borderRadius: 2, p: 1.5 }}
        >
          <Box component="h3" sx={{ m: 0, fontSize: "1.05rem" }}>
            {monthName(entry.month)}:{" "}
            {entry.places === null
              ? t("{taken, plural, one {# taken} other {# taken}}, no limit", { taken: entry.taken })
              : t("{taken} of {places, plural, one {# taken} other {# taken}}", { taken: entry.taken, places: entry.places })}
          </Box>
          {entry.waiting.length > 0 ? (
            <Box component="ol" sx={{ m: "8px 0 0", paddingInlineStart: "20px" }}>
              {entry.waiting.map((person) => (
                <li key={person.id}>
                  {tWith("{name} ({email}), due {due}, waiting since {since}", {
                    name: person.name,
                    email: <a href={`mailto:${person.email}`}>{person.email}</a>,
                    due: formatDate(`${person.due_date}T12:00:00`),
                    since: formatDate(person.joined_at),
                  })}
                  {person.offered_until ? t("; offered a place until {until}", { until: formatDateTime(person.offered_until) }) : ""}{" "}
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () => send("offerWaitingPlace", { params: { id: person.id }, body: {} }),
                        () => t("{name} has been offered the place, for 48 hours.", { name: person.name }),
                      )
                    }
                  >
                    {person.offered_until ? t("Offer again") : t("Offer the place")}
                  </Button>
                </li>
              ))}
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
