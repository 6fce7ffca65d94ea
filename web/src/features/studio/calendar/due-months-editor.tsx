import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDate, formatDateTime, Loading } from "../studio-parts.tsx";

const monthName = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T12:00:00Z`));

/** How many births she takes per due month, how many are taken, and who waits for a place. */
export function DueMonthsEditor() {
  const { answer, failure } = useAnswer("studioDueMonths");
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const [month, setMonth] = useState("");
  const [places, setPlaces] = useState("3");
  if (!answer) return <Loading failure={failure} what="your places by due month" />;
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      () => send("setDueMonthPlaces", { body: { month, places: places.trim() === "" ? Number.NaN : Number(places) } }),
      () => `${monthName(month)}: ${places} places.`,
    );
  };
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 720 }}>
      <p style={{ margin: 0 }}>
        A birth-support service asks the mother&apos;s due date. Set how many births you take with a due date in a month; a full month
        offers its waiting list instead. A month you have not set has no limit.
      </p>
      <Box
        component="form"
        onSubmit={save}
        noValidate
        aria-label="Places in a due month"
        sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr auto" }, alignItems: "end" }}
      >
        <TextField
          label="Due month"
          type="month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          error={Boolean(details?.month)}
          helperText={details?.month ?? "YYYY-MM"}
        />
        <TextField
          label="Places"
          value={places}
          onChange={(event) => setPlaces(event.target.value)}
          error={Boolean(details?.places)}
          helperText={details?.places}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          Set places
        </Button>
      </Box>
      <OutcomeNotice outcome={outcome} />
      {answer.months.length === 0 ? <p style={{ margin: 0 }}>No due months yet.</p> : null}
      {answer.months.map((entry) => (
        <Box
          key={entry.month}
          component="section"
          aria-label={monthName(entry.month)}
          sx={{ border: "1px solid var(--border)", borderRadius: 2, p: 1.5 }}
        >
          <Box component="h3" sx={{ m: 0, fontSize: "1.05rem" }}>
            {monthName(entry.month)}: {entry.places === null ? `${entry.taken} taken, no limit` : `${entry.taken} of ${entry.places} taken`}
          </Box>
          {entry.waiting.length > 0 ? (
            <Box component="ol" sx={{ m: "8px 0 0", paddingInlineStart: "20px" }}>
              {entry.waiting.map((person) => (
                <li key={person.id}>
                  {person.name} (<a href={`mailto:${person.email}`}>{person.email}</a>), due {formatDate(`${person.due_date}T12:00:00`)},
                  waiting since {formatDate(person.joined_at)}
                  {person.offered_until ? `; offered a place until ${formatDateTime(person.offered_until)}` : ""}{" "}
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () => send("offerWaitingPlace", { params: { id: person.id }, body: {} }),
                        () => `${person.name} has been offered the place, for 48 hours.`,
                      )
                    }
                  >
                    {person.offered_until ? "Offer again" : "Offer the place"}
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
