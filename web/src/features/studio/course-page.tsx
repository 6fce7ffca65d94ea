import Button from "@mui/material/Button";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import type { StudioCourse, StudioOutcome, StudioTreeModule } from "../../../../contract/studio.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { callApi } from "../../lib/api-client.ts";
import { useAction } from "../../lib/use-action.ts";
import { useApiAnswer } from "../../lib/use-api-answer.ts";
import { Loading, StudioPage, studioNoticeStyle } from "./studio-parts.tsx";

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

type Direction = "up" | "down";
type Mover = { move: (module: StudioTreeModule, direction: Direction) => void; busy: boolean };
const moveButtonId = (moduleId: number, direction: Direction) => `move-${moduleId}-${direction}`;

function ModuleBranch({ branch, first, last, mover }: { branch: Branch; first: boolean; last: boolean; mover: Mover }) {
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
      <span style={{ display: "inline-flex", gap: 4, marginLeft: 8, flexWrap: "wrap" }}>
        {(["up", "down"] as const).map((direction) => (
          <Button
            key={direction}
            id={moveButtonId(module.id, direction)}
            size="small"
            variant="outlined"
            // Focus stays here after a move: the site's focus outline shows it, without MUI's endless pulse.
            disableFocusRipple
            disabled={mover.busy || (direction === "up" ? first : last)}
            aria-label={`Move ${module.title} ${direction}`}
            onClick={() => mover.move(module, direction)}
          >
            {direction === "up" ? "Move up" : "Move down"}
          </Button>
        ))}
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
          {branch.topics.map((topic, index) => (
            <ModuleBranch key={topic.module.id} branch={topic} first={index === 0} last={index === branch.topics.length - 1} mover={mover} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export default function CoursePage() {
  const { id } = useParams();
  const [version, setVersion] = useState(0);
  const { answer, failure } = useApiAnswer<StudioCourse>(`/reactapi/studio/courses/${encodeURIComponent(id ?? "")}`, version);
  const { outcome, busy, run } = useAction();
  // After a move the tree is read again; the keyboard focus goes back to the button she pressed
  // (or its pair, when the module reached the first or last place).
  const refocus = useRef<{ moduleId: number; direction: Direction; before: StudioCourse | undefined } | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !answer || answer === wanted.before) return;
    refocus.current = null;
    const pressed = document.getElementById(moveButtonId(wanted.moduleId, wanted.direction)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(wanted.moduleId, wanted.direction === "up" ? "down" : "up"));
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [answer]);
  const mover: Mover = {
    busy,
    move: (module, direction) => {
      void run(() => callApi<StudioOutcome>(`/reactapi/studio/modules/${module.id}/move`, { body: { direction, revision: module.revision } }), (answer) => answer.message).then(() => {
        refocus.current = { moduleId: module.id, direction, before: answer };
        setVersion((current) => current + 1);
      });
    },
  };
  const roots = answer ? branchesOf(answer.modules) : [];
  return (
    <StudioPage title={answer?.title ?? "Course"} intro={<Link to="/studio/courses">All courses</Link>}>
      <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
      {!answer ? (
        <Loading failure={failure} what="the course" />
      ) : answer.modules.length === 0 ? (
        <p>This course has no modules yet.</p>
      ) : (
        <ul aria-label={`Modules of ${answer.title}`} style={{ paddingLeft: 20 }}>
          {roots.map((branch, index) => (
            <ModuleBranch key={branch.module.id} branch={branch} first={index === 0} last={index === roots.length - 1} mover={mover} />
          ))}
        </ul>
      )}
    </StudioPage>
  );
}
