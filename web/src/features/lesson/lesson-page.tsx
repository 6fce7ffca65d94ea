import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import LockIcon from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import type { LessonVideo, OpenLesson } from "../../../../contract/catalogue.ts";
import { useAppDispatch, useAppSelector } from "../../app/store.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { openCourse } from "../course/course-slice.ts";
import { readDownloads } from "./lesson-downloads.ts";
import { lessonSelected } from "./lesson-slice.ts";

export function videoEmbedUrl(video: LessonVideo): string {
  const id = encodeURIComponent(video.id);
  return video.provider === "youtube" ? `https://www.youtube-nocookie.com/embed/${id}` : `https://player.vimeo.com/video/${id}?dnt=1`;
}

function Downloads({ videoDescription }: { videoDescription: unknown }) {
  const view = readDownloads(videoDescription);
  return (
    <Box component="section" aria-labelledby="downloads-heading" sx={{ my: 3 }}>
      <Typography id="downloads-heading" component="h2" variant="h3" sx={{ mb: 1 }}>
        DOWNLOADS
      </Typography>
      {view.kind === "message" ? (
        <Typography>{view.text}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 3, m: 0 }}>
          {view.files.map((file, index) => (
            <li key={`${file.label}-${index}`}>
              {file.url ? (
                <Link href={file.url} download={file.label}>
                  {file.label}
                </Link>
              ) : (
                file.label
              )}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function HtmlPanel({ title, html }: { title: string; html: string | null }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {html ? <SafeHtml html={html} /> : <Typography>No notes available.</Typography>}
    </Paper>
  );
}

function OpenLessonView({ lesson }: { lesson: OpenLesson }) {
  return (
    <>
      {lesson.content_summary ? <Typography sx={{ mb: 2 }}>Before you watch: settle in, breathe, and take this lesson at your own pace.</Typography> : null}
      {lesson.video ? (
        <Box sx={{ position: "relative", pt: "56.25%", borderRadius: 3, overflow: "hidden", bgcolor: "#201a1a", mb: 1 }}>
          <iframe
            title={`Video: ${lesson.lesson_title}`}
            src={videoEmbedUrl(lesson.video)}
            allow="fullscreen; picture-in-picture"
            allowFullScreen
            style={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
          />
        </Box>
      ) : (
        <Typography sx={{ mb: 1 }}>This lesson has no video.</Typography>
      )}
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
        VIDEO INFO HERE
      </Typography>
      <Downloads videoDescription={lesson.video_description} />
      <HtmlPanel title="Notes" html={lesson.html_note_content} />
      <HtmlPanel title="Lesson summary" html={lesson.content_summary} />
    </>
  );
}

export default function LessonPage() {
  const [params] = useSearchParams();
  const courseId = Number(params.get("course"));
  const lessonId = Number(params.get("lesson"));
  const dispatch = useAppDispatch();
  const selected = useAppSelector((state) => state.selectedLesson.selectedLesson);
  const { courseObject, selectedCourse, status } = useAppSelector((state) => state.selectedCourse);
  const lesson = selected && selected.id === lessonId && selected.course_id === courseId ? selected : null;

  // A reload or a shared link: load the course, then find the lesson in it.
  useEffect(() => {
    if (lesson || !Number.isInteger(courseId) || courseId <= 0) return;
    if (courseObject?.course_id !== courseId) {
      void dispatch(openCourse(courseId));
      return;
    }
    for (const module of selectedCourse ?? []) {
      const found = module.lessons.find((candidate) => candidate.id === lessonId);
      if (found) dispatch(lessonSelected({ ...found, course_id: courseId, module_title: module.module_title }));
    }
  }, [lesson, courseId, lessonId, courseObject, selectedCourse, dispatch]);

  const back = (
    <Button component={RouterLink} to={`/course?course=${courseId}`} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Back to Modules
    </Button>
  );
  if (!lesson) {
    const missing = status === "failed" || (courseObject?.course_id === courseId && status === "loaded");
    return (
      <PageColumn>
        {back}
        {missing ? <Typography role="alert">This lesson could not be found. It may have moved; please choose it again from the course.</Typography> : <Spinner label="Loading the lesson" />}
      </PageColumn>
    );
  }
  return (
    <PageColumn>
      <span id="lesson-top" />
      {back}
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {lesson.lesson_title}
      </Typography>
      {lesson.locked ? (
        <Box sx={{ bgcolor: "#fff3e0", borderRadius: 3, p: 3, textAlign: "center" }}>
          <LockIcon sx={{ fontSize: 40, color: "primary.main" }} aria-hidden />
          <Typography sx={{ my: 1 }}>This lesson is part of the full course. Unlock it to watch the video and read the notes.</Typography>
          <Button component={RouterLink} to={`/purchase?course=${courseId}`} variant="contained">
            Unlock this course
          </Button>
        </Box>
      ) : (
        <OpenLessonView lesson={lesson} />
      )}
      <Box sx={{ textAlign: "center", mt: 3 }}>
        <Button startIcon={<ArrowUpwardIcon />} onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
          GO TO TOP
        </Button>
      </Box>
    </PageColumn>
  );
}
