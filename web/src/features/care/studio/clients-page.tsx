import "./care-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useEffect, useState } from "react";
import type { SchedulePreview } from "../../../../../contract/care.ts";
import { attempt, call } from "../../../lib/api.ts";
import { Link, useNavigate, useSearchParams } from "react-router";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { priceLabel } from "../../../lib/time-labels.ts";
import { useAction } from "../../../lib/use-action.ts";
import { LabelledSelect, Loading, ScrollingTable, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";
import { clientName, dayLabel, stageLabel } from "./care-labels.ts";

/** Studio → Clients (docs/care.md): her birth clients, who owes what, the month's takings, and a new client. */
export default function ClientsPage() {
  const { answer, failure } = useAnswer("careClients");
  return (
    <StudioPage
      title={t("Clients")}
      intro={t("Your birth clients: one care record per pregnancy, with its agreement, payments, questionnaires and notes.")}
    >
      <Box
        component="nav"
        aria-label={t("Packages, questionnaires, labour line and team")}
        sx={{ display: "flex", gap: 2, flexWrap: "wrap", mb: 2 }}
      >
        <Link to="/studio/care-packages">{t("Packages")}</Link>
        <Link to="/studio/questionnaires">{t("Questionnaires")}</Link>
        <Link to="/studio/labour">{t("Labour line")}</Link>
        <Link to="/studio/team">{t("Team")}</Link>
      </Box>
      {!answer ? (
        <Loading failure={failure} what={t("your clients")} />
      ) : (
        <>
          <p role="status">
            {answer.takings_this_month.length === 0
              ? t("No payments received this month yet.")
              : t("Received this month: {amounts}.", {
                  amounts: answer.takings_this_month.map((taking) => priceLabel(taking.amount, taking.currency)).join(", "),
                })}
          </p>
          {answer.clients.some((client) => client.balance > 0) ? (
            <p>
              {t("Overdue: {overdue}. Left to pay, due or not: {balance}.", {
                overdue: perCurrency(answer.clients, "overdue") || t("nothing"),
                balance: perCurrency(answer.clients, "balance"),
              })}
            </p>
          ) : null}
          {answer.clients.length === 0 ? (
            <p>{t("No clients yet. Add your first below.")}</p>
          ) : (
            <ScrollingTable label={t("Clients")} stacksOnPhone>
              <table style={{ minWidth: 720 }}>
                <thead>
                  <tr>
                    <th scope="col">{t("Client")}</th>
                    <th scope="col">{t("Package")}</th>
                    <th scope="col">{t("Due")}</th>
                    <th scope="col">{t("On call")}</th>
                    <th scope="col">{t("Where she is")}</th>
                    <th scope="col">{t("Overdue")}</th>
                    <th scope="col">{t("Balance left")}</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.clients.map((client) => (
                    <tr key={client.id}>
                      <th scope="row">
                        <Link to={`/studio/clients/${client.id}`}>{clientName(client)}</Link>
                      </th>
                      <td data-label={t("Package")}>{client.package_name}</td>
                      <td data-label={t("Due")}>{dayLabel(client.due_date)}</td>
                      <td data-label={t("On call")}>
                        {t("{from} to {until}", { from: dayLabel(client.on_call_from), until: dayLabel(client.on_call_until) })}
                      </td>
                      <td data-label={t("Where she is")}>{stageLabel(client.stage)}</td>
                      <td data-label={t("Overdue")}>{client.overdue > 0 ? priceLabel(client.overdue, client.currency) : t("Nothing")}</td>
                      <td data-label={t("Balance left")}>
                        {client.balance > 0 ? priceLabel(client.balance, client.currency) : t("Nothing")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollingTable>
          )}
        </>
      )}
      <AddClient />
    </StudioPage>
  );
}

function AddClient() {
  const packages = useAnswer("carePackages");
  const send = useSend();
  const navigate = useNavigate();
  const adding = useAction();
  // Arriving from a booking, an enquiry or a member's page, her details are filled in (web/src/app/studio-slots.ts).
  const [params] = useSearchParams();
  const [form, setForm] = useState(() => ({
    email: params.get("email") ?? "",
    first_name: params.get("first_name") ?? "",
    last_name: params.get("last_name") ?? "",
    due_date: params.get("due_date") ?? "",
    package_id: "",
  }));
  const open = packages.answer?.packages.filter((one) => !one.retired) ?? [];
  const packageId = form.package_id || String(open[0]?.id ?? "");
  const details = adding.outcome?.details;
  // A client taken on late would owe every payment the day she is invited: the doula sees it here and chooses.
  const [spread, setSpread] = useState<{ on: boolean; until: string }>({ on: false, until: "" });
  const spreadUntil = spread.on ? spread.until || form.due_date : undefined;
  const [preview, setPreview] = useState<SchedulePreview | null>(null);
  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.due_date) || !packageId) return setPreview(null);
    let current = true;
    void attempt(() =>
      call("careSchedulePreview", {
        body: { due_date: form.due_date, package_id: Number(packageId), ...(spreadUntil ? { spread_until: spreadUntil } : {}) },
      }),
    ).then((outcome) => current && setPreview(outcome.ok ? outcome.value : null));
    return () => {
      current = false;
    };
  }, [form.due_date, packageId, spreadUntil]);
  const field = (name: "email" | "first_name" | "last_name" | "due_date") => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(details?.[name]),
    helperText: details?.[name],
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const added = await adding.run(
      () =>
        send("addCareClient", {
          body: {
            email: form.email,
            ...(form.first_name.trim() ? { first_name: form.first_name } : {}),
            ...(form.last_name.trim() ? { last_name: form.last_name } : {}),
            due_date: form.due_date,
            package_id: Number(packageId),
            ...(spreadUntil ? { spread_until: spreadUntil } : {}),
          },
        }),
      (answer) => answer.message,
    );
    if (added) void navigate(`/studio/clients/${added.id}`);
  };
  return (
    <Box component="section" aria-labelledby="add-client-heading" sx={{ mt: 4, maxWidth: 560 }}>
      <h2 id="add-client-heading">{t("Add a client")}</h2>
      {packages.answer && open.length === 0 ? (
        <p>
          {t("First make a package: what you offer, its fee and its agreement.")}{" "}
          <Link to="/studio/care-packages">{t("Make a package")}</Link>
        </p>
      ) : (
        <Box component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)} sx={{ display: "grid", gap: 2 }}>
          <p style={{ margin: 0 }}>
            {t("She is mailed a link to her client space; without an account, the link creates one with no access code.")}
          </p>
          <TextField label={t("E-mail")} type="email" autoComplete="off" required {...field("email")} />
          <TextField label={t("First name")} autoComplete="off" {...field("first_name")} />
          <TextField label={t("Last name")} autoComplete="off" {...field("last_name")} />
          <TextField label={t("Due date")} type="date" required {...field("due_date")} />
          <LabelledSelect
            label={t("Package")}
            value={packageId}
            onChange={(value) => setForm((current) => ({ ...current, package_id: value }))}
            options={open.map((one) => ({ value: String(one.id), label: `${one.name} (${priceLabel(one.fee, one.currency)})` }))}
          />
          {preview ? (
            <LateSchedule preview={preview} spread={spread} onSpread={setSpread} dueDate={form.due_date} error={details?.spread_until} />
          ) : null}
          <OutcomeNotice outcome={adding.outcome} />
          <div>
            <Button type="submit" variant="contained" disabled={adding.busy || !packageId}>
              {t("Add and send her link")}
            </Button>
          </div>
        </Box>
      )}
    </Box>
  );
}

/**
 * Her schedule as she would receive it. When more than one payment would fall due on the day she is
 * invited (a client taken on late), the doula is told what she would owe at once and may spread the
 * instalments to a day she chooses (her due date, unless she picks another).
 */
function LateSchedule({
  preview,
  spread,
  onSpread,
  dueDate,
  error,
}: {
  preview: SchedulePreview;
  spread: { on: boolean; until: string };
  onSpread: (spread: { on: boolean; until: string }) => void;
  dueDate: string;
  error?: string;
}) {
  const dueToday = preview.payments.filter((payment) => payment.due_on <= preview.today);
  const late = dueToday.length > 1 || spread.on;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      {late ? (
        <p role="status" style={{ margin: 0, fontWeight: 600 }}>
          {spread.on
            ? t("Her instalments are spread to {date}.", { date: dayLabel(spread.until || dueDate) })
            : t("{count, plural, one {# payment falls} other {# payments fall}} due the day she is invited: {amount} at once.", {
                count: dueToday.length,
                amount: priceLabel(
                  dueToday.reduce((sum, payment) => sum + payment.amount, 0),
                  preview.currency,
                ),
              })}
        </p>
      ) : null}
      {late ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0, display: "grid", gap: 4 }}>
          <legend style={{ padding: 0, marginBottom: 4 }}>{t("Her payments")}</legend>
          <label>
            <input type="radio" name="schedule" checked={!spread.on} onChange={() => onSpread({ ...spread, on: false })} />{" "}
            {t("All due now, as the package says")}
          </label>
          <label>
            <input type="radio" name="schedule" checked={spread.on} onChange={() => onSpread({ ...spread, on: true })} />{" "}
            {t("Spread her instalments evenly to a day I choose")}
          </label>
          {spread.on ? (
            <TextField
              label={t("Spread to")}
              type="date"
              value={spread.until || dueDate}
              onChange={(event) => onSpread({ on: true, until: event.target.value })}
              error={Boolean(error)}
              helperText={error}
            />
          ) : null}
        </fieldset>
      ) : null}
      <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t("Her schedule")}>
        {preview.payments.map((payment, index) => (
          <li key={index}>
            {t("{amount} by {date}", { amount: priceLabel(payment.amount, preview.currency), date: dayLabel(payment.due_on) })}
          </li>
        ))}
      </ul>
    </Box>
  );
}

/** Her clients' sums of one kind, each currency on its own: money in two currencies is never added up. */
function perCurrency(clients: Array<{ currency: string; overdue: number; balance: number }>, kind: "overdue" | "balance"): string {
  const sums = new Map<string, number>();
  for (const client of clients) sums.set(client.currency, (sums.get(client.currency) ?? 0) + client[kind]);
  return [...sums]
    .filter(([, amount]) => amount > 0)
    .map(([currency, amount]) => priceLabel(amount, currency))
    .join(", ");
}
