import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useEffect, useState } from "react";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { browserTimeZone, zoneName } from "../../../lib/time-labels.ts";
import { allTimeZones } from "../../../lib/calendar-days.ts";
import { useAction } from "../../../lib/use-action.ts";
import { LabelledSelect, Loading } from "../../../studio-kit/studio-parts.tsx";
import { dateFormatOnUse } from "../../../lib/formats.ts";
import { t } from "../messages.ts";

const weekdayFormat = dateFormatOnUse({ weekday: "long", timeZone: "UTC" });
/** Monday first, named in the page's language (5 January 2026 was a Monday). */
const weekdayNames = () => Array.from({ length: 7 }, (_, index) => weekdayFormat.format(new Date(Date.UTC(2026, 0, 5 + index))));
type Range = { start: string; end: string };
type Exception = { date: string; ranges: string };

const rangesText = (ranges: readonly Range[]) => ranges.map((range) => `${range.start}-${range.end}`).join(", ");

/** "09:00-12:00, 14:00-17:00" as ranges, or the sentence saying what is wrong with it. */
export function readRanges(text: string): Range[] | string {
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const ranges: Range[] = [];
  for (const part of parts) {
    const match = part.match(/^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/);
    if (!match) return t("“{part}” is not a range like 09:00-12:00.", { part });
    const [start, end] = [`${match[1]!.padStart(2, "0")}:${match[2]}`, `${match[3]!.padStart(2, "0")}:${match[4]}`];
    if (start >= end) return t("{part}: the range must end after it starts.", { part });
    ranges.push({ start, end });
  }
  return ranges;
}

/** Her weekly hours in her own zone, several ranges a day, and dated exceptions (a day off, other hours). */
export function HoursEditor() {
  const { answer, failure } = useAnswer("studioHours");
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const [zone, setZone] = useState(browserTimeZone);
  const [week, setWeek] = useState<string[]>(() => Array.from({ length: 7 }, () => ""));
  const [exceptions, setExceptions] = useState<Exception[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    const hours = answer?.hours;
    if (!hours) return;
    setZone(hours.time_zone);
    setWeek(Array.from({ length: 7 }, (_, index) => rangesText(hours.weekly.filter((range) => range.weekday === index + 1))));
    setExceptions(hours.exceptions.map((exception) => ({ date: exception.date, ranges: rangesText(exception.ranges) })));
  }, [answer]);
  if (!answer) return <Loading failure={failure} what={t("your hours")} />;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const weekly = week.flatMap((text, index) => {
      const ranges = readRanges(text);
      if (typeof ranges === "string") {
        found[`day-${index}`] = ranges;
        return [];
      }
      return ranges.map((range) => ({ weekday: index + 1, ...range }));
    });
    const dated = exceptions.flatMap((exception, index) => {
      const ranges = readRanges(exception.ranges);
      if (typeof ranges === "string") {
        found[`exception-${index}`] = ranges;
        return [];
      }
      return [{ date: exception.date, ranges }];
    });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    await run(
      () => send("saveCalendarHours", { body: { time_zone: zone, weekly, exceptions: dated } }),
      () => t("Your hours are saved, in {zone} time.", { zone: zoneName(zone) }),
    );
  };

  return (
    <Box component="form" onSubmit={save} noValidate aria-label={t("Your hours")} sx={{ display: "grid", gap: 2, maxWidth: 720 }}>
      <p style={{ margin: 0 }}>
        {t(
          "When you take sessions, in your own time zone: mothers see these times in theirs. Write each day's hours like 09:00-12:00, 14:00-17:00, and leave a day empty when you take none.",
        )}
      </p>
      <LabelledSelect
        label={t("Your time zone")}
        value={zone}
        onChange={setZone}
        options={allTimeZones(zone).map((name) => ({ value: name, label: zoneName(name) }))}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" } }}>
        {weekdayNames().map((day, index) => (
          <TextField
            key={day}
            label={day}
            value={week[index]!}
            onChange={(event) => setWeek((current) => current.map((text, at) => (at === index ? event.target.value : text)))}
            error={Boolean(problems[`day-${index}`])}
            helperText={problems[`day-${index}`]}
          />
        ))}
      </Box>
      <Box component="h3" sx={{ m: 0, fontSize: "1.05rem" }}>
        {t("Exceptions")}
      </Box>
      <p style={{ margin: 0 }}>{t("A date with other hours than usual; leave its hours empty for a day off.")}</p>
      {exceptions.map((exception, index) => (
        <Box key={index} sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "200px 1fr auto" }, alignItems: "end" }}>
          <TextField
            label={t("Date")}
            type="date"
            value={exception.date}
            onChange={(event) =>
              setExceptions((current) => current.map((item, at) => (at === index ? { ...item, date: event.target.value } : item)))
            }
          />
          <TextField
            label={t("Hours that day")}
            value={exception.ranges}
            onChange={(event) =>
              setExceptions((current) => current.map((item, at) => (at === index ? { ...item, ranges: event.target.value } : item)))
            }
            error={Boolean(problems[`exception-${index}`])}
            helperText={problems[`exception-${index}`] ?? (exception.ranges.trim() ? undefined : t("A day off"))}
          />
          <Button color="error" onClick={() => setExceptions((current) => current.filter((_, at) => at !== index))}>
            {t("Remove")}
          </Button>
        </Box>
      ))}
      <Box>
        <Button onClick={() => setExceptions((current) => [...current, { date: "", ranges: "" }])}>{t("Add an exception")}</Button>
      </Box>
      <OutcomeNotice outcome={outcome} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save your hours")}
        </Button>
      </Box>
    </Box>
  );
}
