import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { useLeaveWarning } from "../../../studio-kit/use-leave-warning.ts";
import { staleRevisionMessage } from "../../../../../contract/constants.ts";
import type { StudioCourse } from "../../../../../contract/studio/courses.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { useSend } from "../../../lib/answers.ts";
import { useAnswer } from "../../../lib/answers.ts";
import { courseLogo, courseLogoChoices } from "../../../lib/course-logos.ts";
import { RichTextField } from "../../../studio-kit/rich-text-field.tsx";
import { Checklist, fieldsetStyle } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";

type Draft = Pick<
  StudioCourse,
  "title" | "description_html" | "logo" | "free_for_members" | "for_partners" | "certificate_needs_checks" | "plan_ids"
>;
const draftOf = (course: StudioCourse): Draft => ({
  title: course.title,
  description_html: course.description_html,
  logo: course.logo,
  free_for_members: course.free_for_members,
  for_partners: course.for_partners,
  certificate_needs_checks: course.certificate_needs_checks,
  plan_ids: course.plan_ids,
});

/**
 * A course's own fields: title, description, picture, who may open it and the plans that include
 * it. The page gives it a fresh start with each new revision of the course (after a save or a
 * Reload) and the sentence of the save that made it; a refusal stays here, with what she chose.
 */
export function CourseDetailsForm({
  course,
  savedMessage,
  onSaved,
  onReload,
}: {
  course: StudioCourse;
  savedMessage: string | null;
  onSaved: (message: string) => void;
  onReload: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(course));
  const [saving, setSaving] = useState(false);
  // Saved, the page reads the course again and draws this form anew from it.
  useLeaveWarning(!saving && JSON.stringify(draft) !== JSON.stringify(draftOf(course)), t("This course"));
  const plans = useAnswer("studioPlans").answer?.plans;
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const set = <Field extends keyof Draft>(field: Field, value: Draft[Field]) => setDraft((current) => ({ ...current, [field]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(
      () => send("saveCourse", { params: { courseId: course.id }, body: { ...draft, revision: course.revision } }),
      (answer) => answer.message,
    );
    if (saved) {
      setSaving(true);
      onSaved(saved.message);
    }
  };

  return (
    <Box component="form" onSubmit={save} noValidate aria-label={t("Course details")} sx={{ display: "grid", gap: 2 }}>
      <TextField
        label={t("Title")}
        name="title"
        required
        value={draft.title}
        onChange={(event) => set("title", event.target.value)}
        error={Boolean(details?.title)}
        helperText={details?.title}
      />
      <RichTextField
        label={t("Description")}
        name="description_html"
        minRows={3}
        value={draft.description_html}
        onChange={(html) => set("description_html", html)}
        error={details?.description_html}
        help={t("Shown in the library.")}
      />
      <Box component="fieldset" sx={fieldsetStyle}>
        <legend>{t("Built-in picture (shown unless you upload your own below)")}</legend>
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
          {courseLogoChoices.map((logo) => (
            <Box component="label" key={logo} sx={{ display: "flex", gap: 0.5, alignItems: "center" }}>
              <input
                type="radio"
                name="logo"
                value={logo}
                checked={draft.logo === logo}
                onChange={() => set("logo", logo)}
                style={{ width: 20, height: 20 }}
              />
              <img src={courseLogo(logo)} alt={t("Picture {number}", { number: logo + 1 })} width={40} height={40} />
            </Box>
          ))}
        </Box>
        {details?.logo ? <Box sx={{ color: "var(--error-ink)" }}>{details.logo}</Box> : null}
      </Box>
      {(
        [
          ["free_for_members", t("Open to every member (otherwise: members with a plan that includes it, or whom you give it)")],
          ["for_partners", t("For partners")],
          ["certificate_needs_checks", t("Its certificate waits until every knowledge check is answered with full marks")],
        ] as const
      ).map(([name, label]) => (
        <Box key={name} component="label" sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          <input
            type="checkbox"
            name={name}
            checked={draft[name]}
            onChange={(event) => set(name, event.target.checked)}
            style={{ width: 20, height: 20 }}
          />
          {label}
        </Box>
      ))}
      <Checklist
        legend={t("Plans that include it")}
        options={(plans ?? []).map((plan) => ({ id: plan.id, label: plan.name }))}
        chosen={draft.plan_ids}
        onChange={(chosen) => set("plan_ids", chosen)}
        error={details?.plan_ids}
      >
        {!plans ? (
          <span>{t("Loading the plans…")}</span>
        ) : plans.length === 0 ? (
          <span>{t("No plans yet; create them on the Plans page.")}</span>
        ) : null}
      </Checklist>
      <OutcomeNotice outcome={outcome?.tone === "error" ? outcome : savedMessage ? { tone: "success", text: savedMessage } : null} />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save course")}
        </Button>
        {outcome?.tone === "error" && outcome.text === staleRevisionMessage ? <Button onClick={onReload}>{t("Reload")}</Button> : null}
      </Box>
    </Box>
  );
}
