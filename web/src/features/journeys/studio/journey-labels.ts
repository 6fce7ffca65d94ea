import type { ContactRequest, JourneyAudience, StepMoment } from "../../../../../contract/journeys.ts";
import { t } from "./messages.ts";

/** "36+3" or "3 days after the birth": a step's moment as the doula writes it. */
export const momentLabel = (at: StepMoment) =>
  "week" in at
    ? t("Week {week}+{day}", { week: at.week, day: at.day })
    : at.after_birth_days === 0
      ? t("The day of the birth")
      : t("{days} days after the birth", { days: at.after_birth_days });

export const audienceLabel = (audience: JourneyAudience, courseTitle?: string) =>
  audience === "due_date"
    ? t("Every member with a due date")
    : audience === "clients"
      ? t("My birth clients")
      : t("Members of {course}", { course: courseTitle ?? t("a deleted course") });

export const reasonLabel = (reason: ContactRequest["reason"]) =>
  reason === "harm"
    ? t("Said she has thoughts of harming herself or her baby")
    : reason === "score"
      ? t("Her answers call for a call")
      : t("Asked you to contact her");

/** The title of the course a journey is for, when it is for one. */
export const courseTitle = (courses: readonly { id: number; title: string }[], audience: JourneyAudience) =>
  typeof audience === "object" ? courses.find((course) => course.id === audience.course_id)?.title : undefined;
