import { Link, useParams } from "react-router";
import type { StudioCourse, StudioTreeModule } from "../../../../contract/studio.ts";
import { useApiAnswer } from "../../lib/use-api-answer.ts";
import { Loading, StudioPage } from "./studio-parts.tsx";

type Branch = { module: StudioTreeModule; topics: Branch[] };

/** The depth-first list the server sends, as nested branches, so the page can nest its lists the same way. */
function branchesOf(modules: StudioTreeModule[]): Branch[] {
  const roots: Branch[] = [];
  const path: Branch[] = [];
  for (const module of modules) {
    const branch = { module, topics: [] };
    path.length = module.depth;
    (path.at(-1)?.topics ?? roots).push(branch);
    path.push(branch);
  }
  return roots;
}

function ModuleBranch({ branch }: { branch: Branch }) {
  const { module } = branch;
  const label = branch.module.depth === 0 ? "Module" : "Topic";
  return (
    <li style={{ marginBottom: 12 }}>
      <strong>
        {label}: {module.title}
      </strong>
      <span style={{ color: "#5c4f4f" }}>
        {module.visible_in_preview ? " · shown in the preview" : ""}
        {module.recommended_week ? ` · suggested in week ${module.recommended_week}` : ""}
      </span>
      {module.lessons.length > 0 ? (
        <ul aria-label={`Lessons of ${module.title}`}>
          {module.lessons.map((lesson) => (
            <li key={lesson.id}>
              <Link to={`/studio/lessons/${lesson.id}`}>{lesson.title}</Link>
              {lesson.has_video ? "" : " (no video)"}
            </li>
          ))}
        </ul>
      ) : null}
      {branch.topics.length > 0 ? (
        <ul aria-label={`Topics of ${module.title}`}>
          {branch.topics.map((topic) => (
            <ModuleBranch key={topic.module.id} branch={topic} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export default function CoursePage() {
  const { id } = useParams();
  const { answer, failure } = useApiAnswer<StudioCourse>(`/reactapi/studio/courses/${encodeURIComponent(id ?? "")}`);
  return (
    <StudioPage title={answer?.title ?? "Course"} intro={<Link to="/studio/courses">All courses</Link>}>
      {!answer ? (
        <Loading failure={failure} what="the course" />
      ) : answer.modules.length === 0 ? (
        <p>This course has no modules yet.</p>
      ) : (
        <ul aria-label={`Modules of ${answer.title}`} style={{ paddingLeft: 20 }}>
          {branchesOf(answer.modules).map((branch) => (
            <ModuleBranch key={branch.module.id} branch={branch} />
          ))}
        </ul>
      )}
    </StudioPage>
  );
}
