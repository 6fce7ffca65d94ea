import "./gifts-studio-endpoints.ts";
import Button from "@mui/material/Button";
import type { StudioGift } from "../../../../../contract/gifts.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { Loading, ScrollingTable, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { pageLocale, t } from "./messages.ts";
import { CommunityPlacesSection } from "./community-places-section.tsx";
import { dayLabel } from "./day-label.ts";

// Studio → Plans → Gifts (docs/gifts.md): what was given, to whom and when, with the mail sent
// again (a new link) and a refund through Stripe.

const statusLabel = (gift: StudioGift): string =>
  ({
    paid: t("Waiting for its day"),
    delivered: t("Delivered, not opened yet"),
    opened: t("Opened"),
    refunded: t("Refunded"),
  })[gift.status];

export default function GiftsPage() {
  const { answer, failure } = useAnswer("studioGifts");
  const send = useSend();
  const acting = useAction();
  return (
    <StudioPage
      title={t("Gifts")}
      intro={t(
        "Courses and memberships given through the gift page: each goes to its recipient on the day the giver chose, and its link opens it once. Sending again makes a new link; a refund goes through Stripe.",
      )}
    >
      <p>
        <a href="/gift">{t("The gift page, to share")}</a>
      </p>
      {!answer ? (
        <Loading failure={failure} what={t("the gifts")} />
      ) : answer.gifts.length === 0 ? (
        <p>{t("No gift yet.")}</p>
      ) : (
        <ScrollingTable label={t("Gifts")}>
          <table aria-label={t("Gifts")} style={{ minWidth: 720 }}>
            <thead>
              <tr>
                <th scope="col">{t("For")}</th>
                <th scope="col">{t("From")}</th>
                <th scope="col">{t("Gift")}</th>
                <th scope="col">{t("Day")}</th>
                <th scope="col">{t("State")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.gifts.map((gift) => (
                <tr key={gift.id}>
                  <th scope="row">
                    {gift.recipient_name}
                    <br />
                    <span style={{ fontWeight: 400 }}>{gift.recipient_email}</span>
                  </th>
                  <td>
                    {gift.giver_name}
                    <br />
                    {gift.giver_email}
                  </td>
                  <td>
                    {gift.plan_name}
                    {gift.months ? ` (${t("{months} months", { months: gift.months })})` : ""}
                    <br />
                    {new Intl.NumberFormat(pageLocale(), { style: "currency", currency: gift.currency }).format(gift.amount / 100)}
                  </td>
                  <td>{dayLabel(gift.deliver_on)}</td>
                  <td>{statusLabel(gift)}</td>
                  <td>
                    {gift.status === "delivered" ? (
                      <Button
                        disabled={acting.busy}
                        aria-label={t("Send the gift to {name} again", { name: gift.recipient_name })}
                        onClick={() =>
                          void acting.run(
                            () => send("resendGift", { params: { id: gift.id } }),
                            (done) => done.message,
                          )
                        }
                      >
                        {t("Send again")}
                      </Button>
                    ) : null}
                    {gift.status !== "refunded" ? (
                      <Button
                        color="error"
                        disabled={acting.busy}
                        aria-label={t("Refund the gift to {name}", { name: gift.recipient_name })}
                        onClick={() => {
                          if (
                            window.confirm(
                              t("Refund {amount} to {giver}? The gift's link stops working.", {
                                amount: new Intl.NumberFormat(pageLocale(), { style: "currency", currency: gift.currency }).format(
                                  gift.amount / 100,
                                ),
                                giver: gift.giver_name,
                              }),
                            )
                          )
                            void acting.run(
                              () => send("refundGift", { params: { id: gift.id } }),
                              (done) => done.message,
                            );
                        }}
                      >
                        {t("Refund")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      <OutcomeNotice outcome={acting.outcome} />
      <RegistryContributions />
      <CommunityPlacesSection />
    </StudioPage>
  );
}

/** What friends gave through birth registries, with the credit beyond what each mother owed (refundable). */
function RegistryContributions() {
  const { answer, failure } = useAnswer("studioContributions");
  const send = useSend();
  const refunding = useAction();
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(pageLocale(), { style: "currency", currency }).format(cents / 100);
  return (
    <section aria-labelledby="registry-contributions-heading" style={{ marginTop: 32 }}>
      <h2 id="registry-contributions-heading">{t("Through birth registries")}</h2>
      {!answer ? (
        <Loading failure={failure} what={t("the contributions")} />
      ) : answer.contributions.length === 0 ? (
        <p>{t("Nothing given through a registry yet.")}</p>
      ) : (
        <ScrollingTable label={t("Through birth registries")}>
          <table aria-label={t("Through birth registries")} style={{ minWidth: 640 }}>
            <thead>
              <tr>
                <th scope="col">{t("For")}</th>
                <th scope="col">{t("From")}</th>
                <th scope="col">{t("Gift")}</th>
                <th scope="col">{t("Credit beyond what she owed")}</th>
              </tr>
            </thead>
            <tbody>
              {answer.contributions.map((contribution) => (
                <tr key={contribution.id}>
                  <th scope="row">{contribution.for_name || t("An account deleted since")}</th>
                  <td>
                    {contribution.giver_name}
                    <br />
                    {contribution.giver_email}
                  </td>
                  <td>
                    {contribution.kind === "care"
                      ? t("Towards her doula care")
                      : contribution.kind === "class"
                        ? t("A place in “{title}”", { title: contribution.what })
                        : contribution.what}
                    <br />
                    {money(contribution.amount, contribution.currency)}
                  </td>
                  <td>
                    {contribution.credit > 0 ? (
                      <>
                        {money(contribution.credit, contribution.currency)}{" "}
                        <Button
                          color="error"
                          disabled={refunding.busy}
                          aria-label={t("Refund the credit of {giver}", { giver: contribution.giver_name })}
                          onClick={() => {
                            if (
                              window.confirm(
                                t("Refund {amount} to {giver} through Stripe?", {
                                  amount: money(contribution.credit, contribution.currency),
                                  giver: contribution.giver_name,
                                }),
                              )
                            )
                              void refunding.run(
                                () => send("refundRegistryCredit", { params: { id: contribution.id } }),
                                (done) => done.message,
                              );
                          }}
                        >
                          {t("Refund")}
                        </Button>
                      </>
                    ) : (
                      t("None")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
      <OutcomeNotice outcome={refunding.outcome} />
    </section>
  );
}
