import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import type { StudioClasses } from "../../../../../contract/classes.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { addressOf } from "../../../lib/api.ts";
import { useAction } from "../../../lib/use-action.ts";
import { RichTextField } from "../../../studio-kit/rich-text-field.tsx";
import { CurrencySelect, usePriceCurrency } from "../../../studio-kit/currency-select.tsx";
import { fieldsetStyle, RadioChoices, formatDateTime, ScrollingTable } from "../../../studio-kit/studio-parts.tsx";
import { priceLabel } from "../../../lib/time-labels.ts";
import { pageLocale, t } from "../messages.ts";
import { type TierDraft, Tiers, tiersOf } from "../../../studio-kit/tiers-editor.tsx";

type StudioClass = StudioClasses["classes"][number];

/** The start she types (her browser's zone) as the instant the API takes. */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : "");
/** "45" or "45.50" as cents; NaN (which the API refuses with a sentence) when it is not an amount. */
const centsOf = (amount: string) =>
  amount.trim() === ""
    ? 0
    : /^\d+([.,]\d{1,2})?$/.test(amount.trim())
      ? Math.round(Number(amount.trim().replace(",", ".")) * 100)
      : Number.NaN;
const moneyOf = (cents: number, currency: string) => priceLabel(cents, currency).toLocaleLowerCase(pageLocale());

function NewClassForm({ onCreated }: { onCreated: (message: string) => void }) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [start, setStart] = useState("");
  const [minutes, setMinutes] = useState("60");
  const [places, setPlaces] = useState("20");
  const [price, setPrice] = useState("0");
  // Her practice's currency (Studio → Site) until she chooses another for this class.
  const [chosenCurrency, setCurrency] = useState("");
  const currency = usePriceCurrency(chosenCurrency);
  const [tiers, setTiers] = useState<TierDraft[]>([]);
  const [who, setWho] = useState<"anyone" | "members">("anyone");
  const [joinUrl, setJoinUrl] = useState("");
  const [courseId, setCourseId] = useState("");
  const courses = useAnswer("studioCourses").answer?.courses ?? [];
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await run(
      () =>
        send("createClass", {
          body: {
            title,
            description_html: description,
            starts_at: instantOf(start),
            duration_minutes: Number(minutes),
            places: Number(places),
            price: centsOf(price),
            currency,
            tiers: centsOf(price) > 0 ? tiersOf(tiers) : [],
            who,
            course_id: courseId ? Number(courseId) : null,
            join_url: joinUrl,
          },
        }),
      (answer) => answer.message,
    );
    if (created) {
      setTitle("");
      setDescription("");
      setTiers([]);
      onCreated(created.message);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t("New class")} sx={{ display: "grid", gap: 1.5, maxWidth: 560 }}>
      <TextField
        label={t("Title")}
        name="title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(details?.title)}
        helperText={details?.title}
      />
      <RichTextField
        label={t("Description")}
        name="description_html"
        value={description}
        onChange={setDescription}
        error={details?.description_html}
        help={t("What she will learn, and anything to bring.")}
        minRows={3}
      />
      <TextField
        label={t("Starts (your time)")}
        name="starts_at"
        type="datetime-local"
        required
        value={start}
        onChange={(event) => setStart(event.target.value)}
        error={Boolean(details?.starts_at)}
        helperText={details?.starts_at}
      />
      <TextField
        label={t("Length in minutes")}
        name="duration_minutes"
        type="number"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        error={Boolean(details?.duration_minutes)}
        helperText={details?.duration_minutes}
      />
      <TextField
        label={t("Places")}
        name="places"
        type="number"
        value={places}
        onChange={(event) => setPlaces(event.target.value)}
        error={Boolean(details?.places)}
        helperText={details?.places}
      />
      <Box sx={{ display: "grid", gridTemplateColumns: "2fr 1fr", gap: 1.5 }}>
        <TextField
          label={t("Price (0 is free)")}
          name="price"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          error={Boolean(details?.price)}
          helperText={details?.price ?? t("Paid places are held 30 minutes while she pays through Stripe.")}
        />
        <CurrencySelect value={currency} onChange={setCurrency} error={details?.currency} />
      </Box>
      {centsOf(price) > 0 ? <Tiers tiers={tiers} onChange={setTiers} error={details?.tiers} /> : null}
      <Box component="fieldset" sx={fieldsetStyle}>
        <legend>{t("Who may register")}</legend>
        <RadioChoices
          name="who"
          value={who}
          choices={
            [
              ["anyone", t("Anyone with an e-mail address")],
              ["members", t("Members only")],
            ] as const
          }
          onChange={setWho}
        />
      </Box>
      <Box component="label" sx={{ display: "flex", flexDirection: "column", fontWeight: 600 }}>
        {t("For the members of a course (optional)")}
        <select
          name="course_id"
          value={courseId}
          onChange={(event) => setCourseId(event.target.value)}
          aria-invalid={Boolean(details?.course_id)}
          style={{ font: "inherit", fontWeight: 400, padding: 8, borderRadius: 8 }}
        >
          <option value="">{t("No course: anyone it is open to registers with the form")}</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
        <Box component="span" sx={{ fontWeight: 400, fontSize: 14, color: details?.course_id ? "var(--error-ink)" : "inherit" }}>
          {details?.course_id ?? t("Members who may open the course register with one press.")}
        </Box>
      </Box>
      <TextField
        label={t("Video call link")}
        name="join_url"
        required
        value={joinUrl}
        onChange={(event) => setJoinUrl(event.target.value)}
        error={Boolean(details?.join_url)}
        helperText={details?.join_url ?? t("Registered people see it from 15 minutes before the start; no one else ever does.")}
      />
      {outcome?.tone === "error" && !details ? <OutcomeNotice outcome={outcome} /> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Create the class")}
        </Button>
      </Box>
    </Box>
  );
}

const stateWords = (): Record<string, string> => ({
  registered: t("has a place"),
  awaiting_email: t("confirming her e-mail"),
  awaiting_payment: t("paying"),
  waiting_list: t("waiting"),
  cancelled: t("cancelled"),
  expired: t("released"),
});

/** One class's people: who came (once it has started), a place cancelled, and after the end its replay. */
function ClassPeople({ live, onChanged }: { live: StudioClass; onChanged: () => void }) {
  const { answer, refresh } = useAnswer("classRegistrations", { params: { id: live.id } });
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [replay, setReplay] = useState(live.replay_url ?? "");
  const now = Date.now();
  const started = new Date(live.starts_at).getTime() <= now;
  const ended = new Date(live.ends_at).getTime() <= now;
  const after = () => {
    refresh();
    onChanged();
  };
  // Her tick shows at once; if the server refuses it, the box goes back to what the server keeps.
  const [marks, setMarks] = useState<Record<number, boolean>>({});
  const mark = (registration: number, attended: boolean) => {
    setMarks((current) => ({ ...current, [registration]: attended }));
    void run(
      () => send("markClassAttendance", { params: { id: live.id, registration }, body: { attended } }),
      (result) => result.message,
    ).then((answer) => {
      if (!answer) setMarks(({ [registration]: _dropped, ...rest }) => rest);
      after();
    });
  };
  const cancel = (registration: number) =>
    void run(
      () => send("cancelClassRegistrationInStudio", { params: { id: live.id, registration }, body: {} }),
      (result) => result.message,
    ).then(after);
  const sendReplay = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => send("sendClassReplay", { params: { id: live.id }, body: { replay_url: replay } }),
      (result) => result.message,
    ).then(after);
  };
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  return (
    <Box component="section" aria-labelledby={`people-${live.id}`} sx={{ display: "grid", gap: 2 }}>
      <h3 id={`people-${live.id}`} style={{ margin: 0 }}>
        {t("People in “{title}”", { title: live.title })}
      </h3>
      <OutcomeNotice outcome={details ? null : outcome} />
      {answer && answer.registrations.length === 0 ? <p style={{ margin: 0 }}>{t("No one has registered yet.")}</p> : null}
      {answer && answer.registrations.length > 0 ? (
        <ScrollingTable label={t("Registrations for {title}", { title: live.title })}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("E-mail")}</th>
                <th scope="col">{t("Due date")}</th>
                <th scope="col">{t("State")}</th>
                <th scope="col">{t("Registered")}</th>
                {started ? <th scope="col">{t("Came")}</th> : null}
                <th scope="col">
                  <span className="visually-hidden">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.registrations.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.name}</th>
                  <td>{row.email}</td>
                  <td>{row.due_date ?? "—"}</td>
                  <td>
                    {stateWords()[row.state]}
                    {row.from_waiting_list ? ` ${t("(from the waiting list)")}` : ""}
                    {row.paid ? `, ${row.refunded ? t("refunded") : t("paid")}` : ""}
                  </td>
                  <td>{formatDateTime(row.registered_at)}</td>
                  {started ? (
                    <td>
                      {row.state === "registered" ? (
                        // A plain box: MUI's Checkbox would add its weight to every studio page's shared chunk.
                        <input
                          type="checkbox"
                          aria-label={t("{name} came", { name: row.name })}
                          checked={marks[row.id] ?? row.attended}
                          onChange={(event) => mark(row.id, event.target.checked)}
                          style={{ width: 22, height: 22, accentColor: "var(--accent)" }}
                        />
                      ) : null}
                    </td>
                  ) : null}
                  <td>
                    {!ended && !live.cancelled && !["cancelled", "expired"].includes(row.state) ? (
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        onClick={() => cancel(row.id)}
                        aria-label={t("Cancel the place of {name}", { name: row.name })}
                      >
                        {t("Cancel place")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      ) : null}
      {ended && !live.cancelled ? (
        <Box
          component="form"
          onSubmit={sendReplay}
          noValidate
          aria-label={t("Replay of {title}", { title: live.title })}
          sx={{ display: "grid", gap: 1.5, maxWidth: 560 }}
        >
          <TextField
            label={t("Replay link (YouTube or Vimeo)")}
            name="replay_url"
            value={replay}
            onChange={(event) => setReplay(event.target.value)}
            error={Boolean(details?.replay_url)}
            helperText={
              details?.replay_url ??
              (live.replay_sent_at
                ? t("Mailed on {replay_sent_at}; a new link shows on the classes page without mailing again.", {
                    replay_sent_at: formatDateTime(live.replay_sent_at),
                  })
                : t("Those marked as there get “Thank you for coming”; the others “Sorry we missed you”."))
            }
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {live.replay_sent_at ? t("Save the new link") : t("Send the replay")}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** Her live classes: create one, see who registered or waits, mark who came, send the replay, export the list, or cancel it. */
export function ClassesEditor() {
  const { answer, refresh } = useAnswer("studioClasses");
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const cancel = (id: number) => {
    setNotice(null);
    void run(
      () => send("cancelClass", { params: { id }, body: {} }),
      (result) => result.message,
    ).then(refresh);
  };
  const opened = answer?.classes.find((live) => live.id === open);
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <OutcomeNotice outcome={notice ? { tone: "success", text: notice } : outcome} />
      <NewClassForm
        onCreated={(message) => {
          setNotice(message);
          refresh();
        }}
      />
      {answer && answer.classes.length > 0 ? (
        <ScrollingTable label={t("Your classes")}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("Class")}</th>
                <th scope="col">{t("Starts")}</th>
                <th scope="col">{t("Price")}</th>
                <th scope="col">{t("Places taken")}</th>
                <th scope="col">{t("Waiting")}</th>
                <th scope="col">{t("Registrations")}</th>
              </tr>
            </thead>
            <tbody>
              {answer.classes.map((live) => (
                <tr key={live.id}>
                  <th scope="row">
                    {live.title}
                    {live.cancelled ? ` ${t("(cancelled)")}` : ""}
                    {live.course_title ? (
                      <Box component="span" sx={{ display: "block", fontWeight: 400, fontSize: 14 }}>
                        {t("for “{course}”", { course: live.course_title })}
                      </Box>
                    ) : null}
                  </th>
                  <td>{formatDateTime(live.starts_at)}</td>
                  <td>
                    {live.tiers.length > 0
                      ? t("pay what you can: {prices}", {
                          prices: live.tiers.map((tier) => moneyOf(tier.price, live.currency)).join(", "),
                        })
                      : moneyOf(live.price, live.currency)}
                  </td>
                  <td>{t("{registered} of {places}", { registered: live.registered, places: live.places })}</td>
                  <td>{live.waiting}</td>
                  <td>
                    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                      <Button
                        size="small"
                        onClick={() => setOpen(open === live.id ? null : live.id)}
                        aria-expanded={open === live.id}
                        aria-label={t("People in {title}", { title: live.title })}
                      >
                        {t("People")}
                      </Button>
                      <Button size="small" component="a" href={addressOf("classRegistrationsCsv", { params: { id: live.id } })} download>
                        {t("Download CSV")}
                      </Button>
                      {!live.cancelled && new Date(live.starts_at).getTime() > Date.now() ? (
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          onClick={() => cancel(live.id)}
                          aria-label={t("Cancel {title}", { title: live.title })}
                        >
                          {t("Cancel class")}
                        </Button>
                      ) : null}
                    </Box>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      ) : (
        <p style={{ margin: 0 }}>{t("No classes yet.")}</p>
      )}
      {opened ? <ClassPeople key={opened.id} live={opened} onChanged={refresh} /> : null}
    </Box>
  );
}
