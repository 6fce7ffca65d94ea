import "./birth-plan-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useId, useMemo, useState } from "react";
import type { LinkableLesson, StudioBirthPlanTemplate } from "../../../../../contract/birth-plan.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { useLeaveWarning } from "../../../studio-kit/use-leave-warning.ts";
import { Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { t, tWith } from "./messages.ts";

/** An option's lesson is chosen by name: its title and course, as the list offers it. */
type DraftOption = { id?: string; label: string; lesson: string };
type DraftSection = { id?: string; title: string; options: DraftOption[] };

/** Each lesson's name in the list: its title and course, and its number where two would read alike. */
function lessonNames(lessons: LinkableLesson[]): [number, string][] {
  const plain = (lesson: LinkableLesson) => `${lesson.title} · ${lesson.course_title}`;
  const counts = new Map<string, number>();
  for (const lesson of lessons) counts.set(plain(lesson), (counts.get(plain(lesson)) ?? 0) + 1);
  return lessons.map((lesson) => [
    lesson.id,
    counts.get(plain(lesson))! > 1 ? t("{lesson} (lesson {id})", { lesson: plain(lesson), id: lesson.id }) : plain(lesson),
  ]);
}

// A lesson deleted since it was linked has no name in the list, so its field starts empty.
const draftOf = (sections: StudioBirthPlanTemplate["sections"], nameOf: Map<number, string>): DraftSection[] =>
  sections.map((section) => ({
    id: section.id,
    title: section.title,
    options: section.options.map((option) => ({
      id: option.id,
      label: option.label,
      lesson: option.lesson_id === null ? "" : (nameOf.get(option.lesson_id) ?? ""),
    })),
  }));

/** The studio's page for the birth-preferences builder: its sections, their options, and the lesson each may link to. */
export default function BirthPlanTemplatePage() {
  const { answer, failure } = useAnswer("studioBirthPlanTemplate");
  return (
    <StudioPage
      title={t("Birth preferences")}
      intro={t(
        "The sections and options every member chooses from on her birth-preferences page. An option may link to the lesson that explains it: start typing the lesson's title and choose it from the list. Options keep what members chose when you rename them.",
      )}
    >
      {answer ? <TemplateForm template={answer} /> : <Loading failure={failure} what={t("the sections")} />}
    </StudioPage>
  );
}

function TemplateForm({ template }: { template: StudioBirthPlanTemplate }) {
  const lessonListId = useId();
  const { nameOf, idOf } = useMemo(() => {
    const named = lessonNames(template.lessons);
    return { nameOf: new Map(named), idOf: new Map(named.map(([id, name]) => [name, id])) };
  }, [template.lessons]);
  const [sections, setSections] = useState(() => draftOf(template.sections, nameOf));
  const [revision, setRevision] = useState(template.revision);
  const current = JSON.stringify(sections);
  const [savedAs, setSavedAs] = useState(current);
  useLeaveWarning(current !== savedAs, t("The birth-preferences sections"));
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const changeSection = (index: number, change: (section: DraftSection) => DraftSection) =>
    setSections((all) => all.map((section, at) => (at === index ? change(section) : section)));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(
      () => {
        const unknown: Record<string, string> = {};
        const body = sections.map((section, index) => ({
          id: section.id,
          title: section.title,
          options: section.options.map((option, optionIndex) => {
            const name = option.lesson.trim();
            const lessonId = name === "" ? null : (idOf.get(name) ?? null);
            if (name !== "" && lessonId === null)
              unknown[`sections.${index}.options.${optionIndex}.lesson_id`] = t("Choose a lesson from the list, or leave this empty.");
            return { id: option.id, label: option.label, lesson_id: lessonId };
          }),
        }));
        if (Object.keys(unknown).length > 0)
          throw new ApiError({ status: 400, error: t("A lesson's name does not match any lesson; nothing was saved."), details: unknown });
        return send("saveBirthPlanTemplate", { body: { sections: body, revision } });
      },
      (answer) => answer.message,
    );
    if (saved) {
      const next = draftOf(saved.sections, nameOf);
      setSections(next);
      setRevision(saved.revision);
      setSavedAs(JSON.stringify(next));
    }
  };
  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      aria-label={t("Birth-preferences sections")}
      sx={{ display: "grid", gap: 2, maxWidth: 900 }}
    >
      <datalist id={lessonListId}>
        {[...nameOf].map(([id, name]) => (
          <option key={id} value={name} />
        ))}
      </datalist>
      {sections.map((section, index) => (
        <Box
          key={section.id ?? `new-${index}`}
          component="fieldset"
          sx={{ border: "1px solid var(--border)", borderRadius: 2, display: "grid", gap: 1, p: 1.5, m: 0 }}
        >
          <legend>{t("Section {number}", { number: index + 1 })}</legend>
          <TextField
            label={t("Section title")}
            value={section.title}
            onChange={(event) => changeSection(index, (old) => ({ ...old, title: event.target.value }))}
            error={Boolean(outcome?.details?.[`sections.${index}.title`])}
            helperText={outcome?.details?.[`sections.${index}.title`]}
          />
          {section.options.map((option, optionIndex) => (
            <Box
              key={option.id ?? `new-${optionIndex}`}
              sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr auto" }, gap: 1, alignItems: "start" }}
            >
              <TextField
                label={t("Option {number}", { number: optionIndex + 1 })}
                value={option.label}
                onChange={(event) =>
                  changeSection(index, (old) => ({
                    ...old,
                    options: old.options.map((item, at) => (at === optionIndex ? { ...item, label: event.target.value } : item)),
                  }))
                }
                error={Boolean(outcome?.details?.[`sections.${index}.options.${optionIndex}.label`])}
                helperText={outcome?.details?.[`sections.${index}.options.${optionIndex}.label`]}
              />
              <TextField
                label={t("Learn about this (lesson)")}
                list={lessonListId}
                value={option.lesson}
                onChange={(event) =>
                  changeSection(index, (old) => ({
                    ...old,
                    options: old.options.map((item, at) => (at === optionIndex ? { ...item, lesson: event.target.value } : item)),
                  }))
                }
                error={Boolean(outcome?.details?.[`sections.${index}.options.${optionIndex}.lesson_id`])}
                helperText={outcome?.details?.[`sections.${index}.options.${optionIndex}.lesson_id`]}
              />
              <Button
                type="button"
                color="error"
                onClick={() => changeSection(index, (old) => ({ ...old, options: old.options.filter((_, at) => at !== optionIndex) }))}
              >
                {tWith("Remove {span}", {
                  span: (
                    <span className="visually-hidden">
                      {t("option {option} of section {section}", { option: optionIndex + 1, section: index + 1 })}
                    </span>
                  ),
                })}
              </Button>
            </Box>
          ))}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button
              type="button"
              variant="outlined"
              onClick={() => changeSection(index, (old) => ({ ...old, options: [...old.options, { label: "", lesson: "" }] }))}
            >
              {tWith("Add an option{span}", {
                span: <span className="visually-hidden">{t("to section {number}", { number: index + 1 })}</span>,
              })}
            </Button>
            <Button type="button" color="error" onClick={() => setSections((all) => all.filter((_, at) => at !== index))}>
              {t("Remove section {number}", { number: index + 1 })}
            </Button>
          </Box>
        </Box>
      ))}
      <OutcomeNotice outcome={outcome} />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button
          type="button"
          variant="outlined"
          onClick={() => setSections((all) => [...all, { title: "", options: [{ label: "", lesson: "" }] }])}
        >
          {t("Add a section")}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save sections")}
        </Button>
      </Box>
    </Box>
  );
}
