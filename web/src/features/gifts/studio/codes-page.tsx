import "./gifts-studio-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import type { CodeCreate, StudioCode } from "../../../../../contract/gifts.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { Checklist, formatDateTime, Loading, ScrollingTable, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { usePracticeCurrency } from "../../../studio-kit/currency-select.tsx";
import { pageLocale, t } from "./messages.ts";
import { dayLabel } from "./day-label.ts";

// Studio → Plans → Codes (docs/gifts.md): a percentage or an amount off, for chosen plans, between
// days, for a number of uses. The server computes every price; this page only says what to take off.

type Draft = {
  code: string;
  percent: string;
  amount: string;
  planIds: number[];
  packageIds: number[];
  classIds: number[];
  startsOn: string;
  endsOn: string;
  maxUses: string;
  firstPurchaseOnly: boolean;
};

const emptyDraft: Draft = {
  code: "",
  percent: "",
  amount: "",
  planIds: [],
  packageIds: [],
  classIds: [],
  startsOn: "",
  endsOn: "",
  maxUses: "",
  firstPurchaseOnly: false,
};

/** What the form sends: numbers as numbers (an amount in cents), empty fields left out for the server to say what is missing. */
function requestOf(draft: Draft): CodeCreate {
  const number = (text: string) => (text.trim() === "" ? undefined : Number(text.replace(",", ".")));
  const amount = number(draft.amount);
  return {
    code: draft.code,
    ...(draft.percent.trim() ? { percent_off: number(draft.percent) } : {}),
    ...(amount !== undefined ? { amount_off: Math.round(amount * 100) } : {}),
    plan_ids: draft.planIds,
    package_ids: draft.packageIds,
    class_ids: draft.classIds,
    starts_on: draft.startsOn || null,
    ends_on: draft.endsOn || null,
    max_uses: number(draft.maxUses) ?? null,
    first_purchase_only: draft.firstPurchaseOnly,
  };
}

function reduction(code: StudioCode, currency: string): string {
  if (code.percent_off !== null) return new Intl.NumberFormat(pageLocale(), { style: "percent" }).format(code.percent_off / 100);
  return new Intl.NumberFormat(pageLocale(), { style: "currency", currency }).format((code.amount_off ?? 0) / 100);
}

function uses(code: StudioCode): string {
  const used = t("{count, plural, one {# used} other {# used}}", { count: code.used });
  const held = code.held > 0 ? t(", {count} in a checkout now", { count: code.held }) : "";
  return code.max_uses === null ? `${used}${held}` : `${used}${held} ${t("of {max}", { max: code.max_uses })}`;
}

function days(code: StudioCode): string {
  if (code.starts_on && code.ends_on) return t("{from} to {until}", { from: dayLabel(code.starts_on), until: dayLabel(code.ends_on) });
  if (code.starts_on) return t("from {from}", { from: dayLabel(code.starts_on) });
  if (code.ends_on) return t("until {until}", { until: dayLabel(code.ends_on) });
  return t("any day");
}

export default function CodesPage() {
  const { answer, failure } = useAnswer("studioCodes");
  const plans = useAnswer("studioPlans").answer;
  const packages = useAnswer("carePackages").answer?.packages ?? [];
  const classes = useAnswer("studioClasses").answer?.classes ?? [];
  // A code is for what is still sold: packages not retired, paid classes not started or cancelled.
  const offeredPackages = packages.filter((offered) => !offered.retired);
  const offeredClasses = classes.filter((live) => live.price > 0 && !live.cancelled && new Date(live.starts_at).getTime() > Date.now());
  const send = useSend();
  const adding = useAction();
  const removing = useAction();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const details = adding.outcome?.details;
  const forWhat = (code: StudioCode) =>
    [
      ...code.plan_ids.map((id) => plans?.plans.find((plan) => plan.id === id)?.name ?? `#${id}`),
      ...code.package_ids.map((id) => packages.find((offered) => offered.id === id)?.name ?? `#${id}`),
      ...code.class_ids.map((id) => classes.find((live) => live.id === id)?.title ?? `#${id}`),
    ].join(", ");
  const practiceCurrency = usePracticeCurrency();
  const currency = plans?.plans[0]?.currency ?? practiceCurrency ?? "USD";
  return (
    <StudioPage
      title={t("Discount codes")}
      intro={t(
        "A code takes a percentage or an amount off the plans, care packages and paid classes you choose, between the days you choose, as many times as you allow. She types it on the Purchase page, the gift page, a class or a payment of her care; Checkout shows the lower price.",
      )}
    >
      <Box
        component="form"
        noValidate
        aria-label={t("Add a discount code")}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void adding
            .run(
              () => send("createCode", { body: requestOf(draft) }),
              (added) => added.message,
            )
            .then((added) => added && setDraft(emptyDraft));
        }}
        sx={{ display: "grid", gap: 1.5, maxWidth: 520, mb: 3 }}
      >
        <TextField
          label={t("Code")}
          value={draft.code}
          onChange={(event) => setDraft({ ...draft, code: event.target.value })}
          autoComplete="off"
          error={Boolean(details?.code)}
          helperText={details?.code ?? t("Letters, digits and dashes, such as SPRING-25. Members may type it in small letters.")}
        />
        <TextField
          label={t("Percentage off")}
          type="number"
          min="1"
          max="99"
          value={draft.percent}
          onChange={(event) => setDraft({ ...draft, percent: event.target.value })}
          error={Boolean(details?.percent_off)}
          helperText={details?.percent_off ?? t("Or an amount off below; not both.")}
        />
        <TextField
          label={t("Amount off")}
          value={draft.amount}
          onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
          error={Boolean(details?.amount_off)}
          helperText={details?.amount_off ?? t("In the plan's currency, such as 10 or 12.50.")}
        />
        <Checklist
          legend={t("For these plans")}
          options={(plans?.plans ?? []).map((plan) => ({ id: plan.id, label: plan.name }))}
          chosen={draft.planIds}
          onChange={(planIds) => setDraft({ ...draft, planIds })}
          error={details?.plan_ids}
        />
        {offeredPackages.length > 0 ? (
          <Checklist
            legend={t("For these care packages")}
            options={offeredPackages.map((offered) => ({ id: offered.id, label: offered.name }))}
            chosen={draft.packageIds}
            onChange={(packageIds) => setDraft({ ...draft, packageIds })}
            error={details?.package_ids}
          />
        ) : null}
        {offeredClasses.length > 0 ? (
          <Checklist
            legend={t("For these paid classes")}
            options={offeredClasses.map((live) => ({
              id: live.id,
              label: t("{title}, {day}", { title: live.title, day: formatDateTime(live.starts_at) }),
            }))}
            chosen={draft.classIds}
            onChange={(classIds) => setDraft({ ...draft, classIds })}
            error={details?.class_ids}
          />
        ) : null}
        <TextField
          label={t("First day (optional)")}
          type="date"
          value={draft.startsOn}
          onChange={(event) => setDraft({ ...draft, startsOn: event.target.value })}
          error={Boolean(details?.starts_on)}
          helperText={details?.starts_on}
        />
        <TextField
          label={t("Last day (optional)")}
          type="date"
          value={draft.endsOn}
          onChange={(event) => setDraft({ ...draft, endsOn: event.target.value })}
          error={Boolean(details?.ends_on)}
          helperText={details?.ends_on ?? t("Days in your zone (Studio → Calendar); the last day counts whole.")}
        />
        <TextField
          label={t("Number of uses (optional)")}
          type="number"
          min="1"
          value={draft.maxUses}
          onChange={(event) => setDraft({ ...draft, maxUses: event.target.value })}
          error={Boolean(details?.max_uses)}
          helperText={details?.max_uses ?? t("Empty: as many as come.")}
        />
        <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center", minHeight: 44 }}>
          <input
            type="checkbox"
            checked={draft.firstPurchaseOnly}
            onChange={(event) => setDraft({ ...draft, firstPurchaseOnly: event.target.checked })}
            style={{ width: 20, height: 20 }}
          />
          {t("Only for a first purchase")}
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={adding.busy}>
            {t("Add the code")}
          </Button>
        </Box>
        <OutcomeNotice outcome={adding.outcome} />
      </Box>
      {!answer ? (
        <Loading failure={failure} what={t("your codes")} />
      ) : answer.codes.length === 0 ? (
        <p>{t("No code yet.")}</p>
      ) : (
        <ScrollingTable label={t("Discount codes")}>
          <table aria-label={t("Discount codes")} style={{ minWidth: 640 }}>
            <thead>
              <tr>
                <th scope="col">{t("Code")}</th>
                <th scope="col">{t("Off")}</th>
                <th scope="col">{t("For")}</th>
                <th scope="col">{t("Days")}</th>
                <th scope="col">{t("Uses")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("Delete")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.codes.map((code) => (
                <tr key={code.id}>
                  <th scope="row">{code.code}</th>
                  <td>
                    {reduction(code, currency)}
                    {code.first_purchase_only ? ` (${t("first purchase")})` : ""}
                  </td>
                  <td>{forWhat(code)}</td>
                  <td>{days(code)}</td>
                  <td>{uses(code)}</td>
                  <td>
                    <Button
                      color="error"
                      disabled={removing.busy}
                      aria-label={t("Delete the code {code}", { code: code.code })}
                      onClick={() =>
                        void removing.run(
                          () => send("removeCode", { params: { id: code.id } }),
                          (removed) => removed.message,
                        )
                      }
                    >
                      {t("Delete")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      <OutcomeNotice outcome={removing.outcome} />
    </StudioPage>
  );
}
