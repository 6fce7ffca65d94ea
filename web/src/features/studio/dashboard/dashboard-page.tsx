import "./dashboard-endpoints.ts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { useAnswer } from "../../../lib/answers.ts";
import { Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { t, tWith } from "../messages.ts";

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Box component="li" sx={{ p: 2, borderRadius: 3, bgcolor: "background.paper", border: "1px solid var(--border)" }}>
      <Typography component="p" sx={{ fontSize: "2rem", fontWeight: 700, lineHeight: 1.2 }}>
        {value}
      </Typography>
      <Typography component="p">{label}</Typography>
      {note ? (
        <Typography component="p" sx={{ color: "text.secondary", fontSize: "0.9rem" }}>
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

const rating = (value: number | null) => (value === null ? "–" : `${value.toFixed(1)} / 5`);

export default function DashboardPage() {
  const { answer, failure } = useAnswer("studioDashboard");
  const unseen = useAnswer("studioNoticesUnread").answer?.unread ?? 0;
  return (
    <StudioPage title={t("Studio")} intro={t("How your circle is doing, at a glance.")}>
      {/* What happened since she last looked comes first: a client who signed, paid or wrote. */}
      {unseen > 0 ? (
        <Typography sx={{ mb: 2, fontWeight: 600 }}>
          <Link to="/studio/notifications">
            {t("{count, plural, one {# new thing happened} other {# new things happened}} in your practice", { count: unseen })}
          </Link>
        </Typography>
      ) : null}
      {!answer ? (
        <Loading failure={failure} what={t("the dashboard")} />
      ) : (
        <>
          <Box
            component="ul"
            aria-label={t("Figures")}
            sx={{
              listStyle: "none",
              p: 0,
              m: 0,
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
              overflowWrap: "anywhere",
            }}
          >
            <Figure label={t("Members")} value={String(answer.members)} />
            <Figure label={t("New in the last 7 days")} value={String(answer.new_members_7_days)} />
            <Figure label={t("Registered with an access code in 7 days")} value={String(answer.code_registrations_7_days)} />
            <Figure label={t("Unread messages")} value={String(answer.unread_messages)} />
            <Figure
              label={t("Average satisfaction, 30 days")}
              value={rating(answer.average_satisfaction_30_days)}
              note={t("{count, plural, one {# feedback form} other {# feedback forms}}", { count: answer.feedback_count_30_days })}
            />
            <Figure label={t("Likely to recommend, 30 days")} value={rating(answer.average_recommend_30_days)} />
          </Box>
          <Typography sx={{ mt: 3 }}>
            {tWith("Invite someone new from {link}, or look someone up in {link2}.", {
              link: <Link to="/studio/access-codes">{t("Access codes")}</Link>,
              link2: <Link to="/studio/members">{t("Members")}</Link>,
            })}
          </Typography>
        </>
      )}
    </StudioPage>
  );
}
