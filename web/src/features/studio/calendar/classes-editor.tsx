import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { addressOf } from "../../../lib/api.ts";
import { useAction } from "../../../lib/use-action.ts";
import { fieldsetStyle, RadioChoices, formatDateTime, ScrollingTable } from "../studio-parts.tsx";

/** The start she types (her browser's zone) as the instant the API takes. */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : "");

function NewClassForm({ onCreated }: { onCreated: (message: string) => void }) {
  const [title, setTitle] = useState("");
  const [start, setStart] = useState("");
  const [minutes, setMinutes] = useState("60");
  const [places, setPlaces] = useState("20");
  const [who, setWho] = useState<"anyone" | "members">("anyone");
  const [joinUrl, setJoinUrl] = useState("");
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
            starts_at: instantOf(start),
            duration_minutes: Number(minutes),
            places: Number(places),
            who,
            join_url: joinUrl,
          },
        }),
      (answer) => answer.message,
    );
    if (created) {
      setTitle("");
      onCreated(created.message);
    }
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="New class" sx={{ display: "grid", gap: 1.5, maxWidth: 560 }}>
      <TextField
        label="Title"
        name="title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(details?.title)}
        helperText={details?.title}
      />
      <TextField
        label="Starts (your time)"
        name="starts_at"
        type="datetime-local"
        required
        value={start}
        onChange={(event) => setStart(event.target.value)}
        error={Boolean(details?.starts_at)}
        helperText={details?.starts_at}
      />
      <TextField
        label="Length in minutes"
        name="duration_minutes"
        type="number"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        error={Boolean(details?.duration_minutes)}
        helperText={details?.duration_minutes}
      />
      <TextField
        label="Places"
        name="places"
        type="number"
        value={places}
        onChange={(event) => setPlaces(event.target.value)}
        error={Boolean(details?.places)}
        helperText={details?.places}
      />
      <Box component="fieldset" sx={fieldsetStyle}>
        <legend>Who may register</legend>
        <RadioChoices
          name="who"
          value={who}
          choices={
            [
              ["anyone", "Anyone with an e-mail address"],
              ["members", "Members only"],
            ] as const
          }
          onChange={setWho}
        />
      </Box>
      <TextField
        label="Video call link"
        name="join_url"
        required
        value={joinUrl}
        onChange={(event) => setJoinUrl(event.target.value)}
        error={Boolean(details?.join_url)}
        helperText={details?.join_url ?? "Registered people see it from 15 minutes before the start; no one else ever does."}
      />
      {outcome?.tone === "error" && !details ? <OutcomeNotice outcome={outcome} /> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          Create the class
        </Button>
      </Box>
    </Box>
  );
}

/** Her live classes (free for now): create one, see who registered or waits, export the list, or cancel it. */
export function ClassesEditor() {
  const { answer, refresh } = useAnswer("studioClasses");
  const [notice, setNotice] = useState<string | null>(null);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const cancel = (id: number) => {
    setNotice(null);
    void run(
      () => send("cancelClass", { params: { id }, body: {} }),
      (result) => result.message,
    ).then(refresh);
  };
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
        <ScrollingTable label="Your classes">
          <table>
            <thead>
              <tr>
                <th scope="col">Class</th>
                <th scope="col">Starts</th>
                <th scope="col">Places taken</th>
                <th scope="col">Waiting</th>
                <th scope="col">Registrations</th>
              </tr>
            </thead>
            <tbody>
              {answer.classes.map((live) => (
                <tr key={live.id}>
                  <th scope="row">
                    {live.title}
                    {live.cancelled ? " (cancelled)" : ""}
                  </th>
                  <td>{formatDateTime(live.starts_at)}</td>
                  <td>
                    {live.registered} of {live.places}
                  </td>
                  <td>{live.waiting}</td>
                  <td>
                    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                      <Button size="small" component="a" href={addressOf("classRegistrationsCsv", { params: { id: live.id } })} download>
                        Download CSV
                      </Button>
                      {!live.cancelled && new Date(live.starts_at).getTime() > Date.now() ? (
                        <Button
                          size="small"
                          color="error"
                          disabled={busy}
                          onClick={() => cancel(live.id)}
                          aria-label={`Cancel ${live.title}`}
                        >
                          Cancel class
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
        <p style={{ margin: 0 }}>No classes yet.</p>
      )}
    </Box>
  );
}
