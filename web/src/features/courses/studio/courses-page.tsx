import "./courses-endpoints.ts";
import Button from "@mui/material/Button";
import { Link, useLocation, useNavigate } from "react-router";
import type { StudioCourseSummary } from "../../../../../contract/studio/courses.ts";
import { Notice } from "../../../components/notice.tsx";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";

import { CreateByTitle, Loading, ScrollingTable, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";

/** What a page that sends her here (after deleting a course) has to tell her. */
export type CoursesNotice = { notice?: string } | null;

export default function CoursesPage() {
  const { answer, failure, refresh } = useAnswer("studioCourses");
  const navigate = useNavigate();
  const notice = (useLocation().state as CoursesNotice)?.notice;
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const move = async (course: StudioCourseSummary, direction: "up" | "down") => {
    await run(
      () => send("moveCourse", { params: { courseId: course.id }, body: { direction, revision: course.revision } }),
      (answer) => answer.message,
    );
    refresh();
  };
  return (
    <StudioPage
      title={t("Courses")}
      intro={t("Your courses in the order of the library. Open one to see its modules, topics and lessons, and to edit a lesson.")}
    >
      {notice ? (
        <Notice tone="success" role="status" style={studioNoticeStyle}>
          {notice}
        </Notice>
      ) : null}
      <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
      <CreateByTitle
        purpose="Create a course"
        label={t("New course title")}
        button={t("Create course")}
        create={(send, title) => send("createCourse", { body: { title } })}
        onCreated={(created) => void navigate(`/studio/courses/${created.id}`)}
      />
      {!answer ? (
        <Loading failure={failure} what={t("the courses")} />
      ) : answer.courses.length === 0 ? (
        <p>{t("No courses yet. Create one above, or import a content file (npm run admin -- content import FILE).")}</p>
      ) : (
        <ScrollingTable label={t("Courses")}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("Course")}</th>
                <th scope="col">{t("Open to")}</th>
                <th scope="col">{t("Modules")}</th>
                <th scope="col">{t("Lessons")}</th>
                <th scope="col">{t("Place in the library")}</th>
              </tr>
            </thead>
            <tbody>
              {answer.courses.map((course, index) => (
                <tr key={course.id}>
                  <td>
                    <Link to={`/studio/courses/${course.id}`}>{course.title}</Link>
                  </td>
                  <td>
                    {!course.published ? t("No one yet: a draft") : course.free_for_members ? t("Every member") : t("Members with access")}
                  </td>
                  <td>{course.modules}</td>
                  <td>{course.lessons}</td>
                  <td>
                    <span style={{ display: "inline-flex", gap: 4 }}>
                      {(["up", "down"] as const).map((direction) => (
                        <Button
                          key={direction}
                          size="small"
                          variant="outlined"
                          disableFocusRipple
                          disabled={busy || (direction === "up" ? index === 0 : index === answer.courses.length - 1)}
                          aria-label={
                            direction === "up" ? t("Move {name} up", { name: course.title }) : t("Move {name} down", { name: course.title })
                          }
                          onClick={() => void move(course, direction)}
                        >
                          {direction === "up" ? t("Up") : t("Down")}
                        </Button>
                      ))}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </StudioPage>
  );
}
