import "./activity-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useSearchParams } from "react-router";
import { activityKinds } from "../../../../../contract/constants.ts";
import { useAnswer } from "../../../lib/answers.ts";
import { formatDateTime, LabelledSelect, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { t } from "../messages.ts";

const kindNames = (): Record<(typeof activityKinds)[number], string> => ({
  "access-code": t("Access codes"),
  member: t("Member accounts"),
  grant: t("Course access"),
  role: t("Roles"),
  catalogue: t("Courses and lessons"),
  plan: t("Plans"),
  setup: t("Setup"),
  message: t("Replies and announcements"),
  community: t("Community moderation"),
});

export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const kind = activityKinds.find((candidate) => candidate === params.get("kind")) ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { answer, failure } = useAnswer("studioActivity", { query: { ...(kind ? { kind } : {}), page } });
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.page_size)) : 1;
  return (
    <StudioPage title={t("Activity")} intro={t("Every change made here or with the command line, newest first. Kept for 90 days.")}>
      <Box sx={{ display: "inline-flex", mb: 2 }}>
        <LabelledSelect
          label={t("Show")}
          value={kind}
          onChange={(value) => setParams(value ? { kind: value } : {})}
          options={[
            { value: "", label: t("Every kind of change") },
            ...activityKinds.map((candidate) => ({ value: candidate, label: kindNames()[candidate] })),
          ]}
        />
      </Box>
      {!answer ? (
        <Loading failure={failure} what={t("the activity")} />
      ) : answer.entries.length === 0 ? (
        <p>{t("Nothing yet.")}</p>
      ) : (
        <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
          {answer.entries.map((entry) => (
            <Box component="li" key={entry.id} sx={{ p: 1.5, border: "1px solid var(--border)", borderRadius: 2 }}>
              <div>{entry.summary}</div>
              <Box sx={{ color: "text.secondary", fontSize: "0.9rem" }}>
                {formatDateTime(entry.at)} · {entry.actor}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {answer && pages > 1 ? (
        <Box component="nav" aria-label={t("Pages of activity")} sx={{ display: "flex", gap: 1, mt: 2 }}>
          <Button disabled={page <= 1} onClick={() => setParams({ ...(kind ? { kind } : {}), page: String(page - 1) })}>
            {t("Newer")}
          </Button>
          <Button disabled={page >= pages} onClick={() => setParams({ ...(kind ? { kind } : {}), page: String(page + 1) })}>
            {t("Older")}
          </Button>
        </Box>
      ) : null}
    </StudioPage>
  );
}
