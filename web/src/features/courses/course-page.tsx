import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { useSession } from "../../lib/session.ts";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import LockIcon from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Lesson } from "../../../../contract/catalogue.ts";
import { moduleTiming, type PacingStage, pacingStage } from "../../../../contract/pacing.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { CertificateOffer } from "./progress/certificate-offer.tsx";
import { useCourseProgress } from "./progress/use-course-progress.ts";
import { isCourseId, useSelectedCourse } from "../../lib/catalogue.ts";
import { lessonCount, lessonTint, type ModuleNode } from "../../lib/module-tree.ts";

const lessonTints = { long: "#eaf3ee", short: "#fdf3e3", absent: "#f4f1f1" } as const;
const moduleTints = { 1: "#ffffff", 2: "#f7eeee", deeper: "#f2f4f8" } as const;

function LessonRow({ lesson, index, courseId, done }: { lesson: Lesson; index: number; courseId: number; done: boolean }) {
  const navigate = useNavigate();
  const tint = lesson.locked ? "absent" : lessonTint(lesson.video_description);
  // The lesson page finds the lesson in the course it was opened from (its answer is already here).
  const open = () => void navigate(`/lesson?course=${courseId}&lesson=${lesson.id}`);
  return (
    <Box component="li" sx={{ listStyle: "none", mb: 1 }}>
      <ButtonBase
        onClick={open}
        data-tint={tint}
        sx={{
          width: "100%",
          justifyContent: "flex-start",
          textAlign: "left",
          p: 1.5,
          borderRadius: 2,
          bgcolor: lessonTints[tint],
          border: "1px solid #e4dcdc",
          gap: 1,
        }}
      >
        <Box component="span" sx={{ flexGrow: 1 }}>
          <Typography component="span" sx={{ fontWeight: 700, mr: 1 }}>
            Lesson {index + 1}
          </Typography>{" "}
          <Typography component="span">{lesson.lesson_title}</Typography>
        </Box>
        {done ? (
          <Box component="span" sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "#2e6b3a", fontSize: "0.85rem" }}>
            <CheckCircleIcon fontSize="small" aria-hidden /> Completed
          </Box>
        ) : null}
        {lesson.locked ? (
          <Box component="span" sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "text.secondary", fontSize: "0.85rem" }}>
            {" "}
            <LockIcon fontSize="small" aria-hidden /> Locked
          </Box>
        ) : null}
      </ButtonBase>
    </Box>
  );
}

function ModuleSection({
  node,
  courseId,
  done,
  stage,
}: {
  node: ModuleNode;
  courseId: number;
  done: ReadonlySet<number>;
  stage: PacingStage;
}) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const lessons = Array.isArray(node.data.lessons) ? node.data.lessons : [];
  const subTopics = node.children.length;
  const tint = node.level === 1 ? moduleTints[1] : node.level === 2 ? moduleTints[2] : moduleTints.deeper;
  const heading = Math.min(node.level + 1, 6);
  // Counted over the same lessons as the lesson count: its own and its direct children's.
  const counted = [...lessons, ...node.children.flatMap((child) => (Array.isArray(child.data.lessons) ? child.data.lessons : []))];
  const doneCount = counted.filter((lesson) => done.has(lesson.id)).length;
  const timing = moduleTiming(node.data.recommended_week ?? null, stage);
  return (
    <Box component="section" data-level={node.level} sx={{ border: "1px solid #e4dcdc", borderRadius: 3, bgcolor: tint, mb: 1.5 }}>
      <Typography component={`h${heading}` as "h2"} sx={{ m: 0, fontSize: "1rem" }}>
        <ButtonBase
          onClick={() => setExpanded((was) => !was)}
          aria-expanded={expanded}
          aria-controls={contentId}
          sx={{ width: "100%", p: 1.5, justifyContent: "space-between", textAlign: "left", borderRadius: 3, gap: 1 }}
        >
          <Box component="span" sx={{ display: "block" }}>
            {node.level > 1 ? (
              <Typography
                component="span"
                sx={{ display: "block", fontSize: "0.75rem", fontWeight: 700, color: "secondary.main", letterSpacing: 1 }}
              >
                TOPIC:
              </Typography>
            ) : null}
            <Typography component="span" sx={{ fontWeight: 600, display: "block" }}>
              {node.data.module_title}
            </Typography>
            <Box component="span" sx={{ display: "flex", gap: 1, mt: 0.5, flexWrap: "wrap" }}>
              {subTopics >= 1 ? <Chip component="span" size="small" label={`${subTopics} sub-topic${subTopics === 1 ? "" : "s"}`} /> : null}
              <Chip
                component="span"
                size="small"
                variant="outlined"
                label={`${lessonCount(node)} lesson${lessonCount(node) === 1 ? "" : "s"}`}
              />
              {timing === "now" ? (
                <Chip component="span" size="small" sx={{ bgcolor: "#7a3e48", color: "#ffffff" }} label="Recommended now" />
              ) : null}
              {timing === "soon" ? (
                <Chip component="span" size="small" sx={{ bgcolor: "#fdf3e3", color: "#5b3a00" }} label="Coming up" />
              ) : null}
              {doneCount > 0 ? (
                <Chip
                  component="span"
                  size="small"
                  sx={{ bgcolor: "#e3f1e6", color: "#1e4620" }}
                  label={`${doneCount} of ${counted.length} done`}
                />
              ) : null}
            </Box>
          </Box>
          <ExpandMoreIcon aria-hidden sx={{ transform: expanded ? "rotate(180deg)" : "none", transition: "transform 0.2s" }} />
        </ButtonBase>
      </Typography>
      {/* Shown at once rather than animated open: nothing moves under a finger about to tap a lesson. */}
      {expanded ? (
        <Box id={contentId} sx={{ px: 1.5, pb: 1.5 }}>
          {lessons.length > 0 ? (
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {lessons.map((lesson, index) => (
                <LessonRow key={lesson.id ?? index} lesson={lesson} index={index} courseId={courseId} done={done.has(lesson.id)} />
              ))}
            </Box>
          ) : null}
          {node.children.map((child) => (
            <ModuleSection key={child.data.id} node={child} courseId={courseId} done={done} stage={stage} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

export default function CoursePage() {
  const [params] = useSearchParams();
  const courseId = Number(params.get("course"));
  const { courseObject: current, status, failure } = useSelectedCourse(courseId);
  const progress = useCourseProgress(courseId);
  const user = useSession().user;
  const stage = user ? pacingStage(user) : ({ kind: "unknown" } as const);
  const done = new Set(progress?.lessons.filter((lesson) => lesson.completed).map((lesson) => lesson.lesson_id));

  const back = (
    <Button component={Link} to="/library" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Back to Library
    </Button>
  );
  if (!isCourseId(courseId)) {
    return (
      <PageColumn>
        {back}
        <Typography>Choose a course in the library to see its modules.</Typography>
      </PageColumn>
    );
  }
  if (!current) {
    return (
      <PageColumn>
        {back}
        {status === "failed" ? <Typography role="alert">{failure}</Typography> : <Spinner label="Loading the course" />}
      </PageColumn>
    );
  }
  return (
    <PageColumn>
      {back}
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {current.courseTitle}
      </Typography>
      {!current.course_access ? (
        <Box sx={{ bgcolor: "#fff3e0", borderRadius: 2, p: 2, mb: 2 }}>
          <Typography sx={{ mb: 1 }}>
            You are previewing this course. Lessons with a lock open once the course is part of your plan.
          </Typography>
          <Button component={Link} to={`/purchase?course=${courseId}`} variant="contained" size="small">
            See plans
          </Button>
        </Box>
      ) : null}
      {progress && progress.total > 0 && current.course_access ? (
        <Typography sx={{ mb: 2 }}>
          {progress.completed} of {progress.total} lessons done.
        </Typography>
      ) : null}
      {progress?.certificate_available ? <CertificateOffer courseId={courseId} /> : null}
      {current.nestedData.length === 0 ? <Typography>This course has no modules yet.</Typography> : null}
      {current.nestedData.map((node) => (
        <ModuleSection key={node.data.id} node={node} courseId={courseId} done={done} stage={stage} />
      ))}
    </PageColumn>
  );
}
