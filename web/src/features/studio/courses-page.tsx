import { Link } from "react-router";
import type { StudioCourses } from "../../../../contract/studio.ts";
import { useApiAnswer } from "../../lib/use-api-answer.ts";
import { Loading, ScrollingTable, StudioPage } from "./studio-parts.tsx";

export default function CoursesPage() {
  const { answer, failure } = useApiAnswer<StudioCourses>("/reactapi/studio/courses");
  return (
    <StudioPage title="Courses" intro="Your courses in the order of the library. Open one to see its modules, topics and lessons, and to edit a lesson.">
      {!answer ? (
        <Loading failure={failure} what="the courses" />
      ) : answer.courses.length === 0 ? (
        <p>No courses yet. They arrive with a content import (npm run admin -- content import FILE).</p>
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
