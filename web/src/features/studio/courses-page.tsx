import { Link, useLocation, useNavigate } from "react-router";
import type { StudioCourses } from "../../../../contract/studio.ts";
import { Notice } from "../../components/notice.tsx";
import { useApiAnswer } from "../../lib/use-api-answer.ts";
import { CreateByTitle, Loading, ScrollingTable, StudioPage, studioNoticeStyle } from "./studio-parts.tsx";

/** What a page that sends her here (after deleting a course) has to tell her. */
export type CoursesNotice = { notice?: string } | null;

export default function CoursesPage() {
  const { answer, failure } = useApiAnswer<StudioCourses>("/reactapi/studio/courses");
  const navigate = useNavigate();
  const notice = (useLocation().state as CoursesNotice)?.notice;
  return (
    <StudioPage title="Courses" intro="Your courses in the order of the library. Open one to see its modules, topics and lessons, and to edit a lesson.">
      {notice ? (
        <Notice tone="success" role="status" style={studioNoticeStyle}>
          {notice}
        </Notice>
      ) : null}
      <CreateByTitle purpose="Create a course" label="New course title" button="Create course" path="/reactapi/studio/courses" onCreated={(created) => void navigate(`/studio/courses/${created.id}`)} />
      {!answer ? (
        <Loading failure={failure} what="the courses" />
      ) : answer.courses.length === 0 ? (
        <p>No courses yet. Create one above, or import a content file (npm run admin -- content import FILE).</p>
      ) : (
        <ScrollingTable label="Courses">
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Open to</th>
              <th scope="col">Modules</th>
              <th scope="col">Lessons</th>
            </tr>
          </thead>
          <tbody>
            {answer.courses.map((course) => (
              <tr key={course.id}>
                <td>
                  <Link to={`/studio/courses/${course.id}`}>{course.title}</Link>
                </td>
                <td>{course.free_for_members ? "Every member" : "Members with access"}</td>
                <td>{course.modules}</td>
                <td>{course.lessons}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
    </StudioPage>
  );
}
