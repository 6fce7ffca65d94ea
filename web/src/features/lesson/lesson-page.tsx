import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import LockIcon from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useDeferredValue, useEffect, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import type { OpenLesson } from "../../../../contract/catalogue.ts";
import { MarkComplete, PreviousNext } from "../progress/lesson-controls.tsx";
import { LessonVideo } from "../progress/lesson-video.tsx";
import { useLessonProgress } from "../progress/use-lesson-progress.ts";
import { useAppDispatch, useAppSelector } from "../../app/store.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { openCourse } from "../course/course-slice.ts";
import { SaveForOffline } from "../offline/save-for-offline.tsx";
import { type SavedLesson, savedLesson } from "../offline/saved-lessons.ts";
import { useOnline } from "../offline/use-online.ts";
import { readDownloads } from "./lesson-downloads.ts";
import { lessonSelected } from "./lesson-slice.ts";


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

type LessonPlace = { courseId: number; courseTitle: string; moduleTitle: string };

function OpenLessonView({ lesson, place }: { lesson: OpenLesson; place: LessonPlace }) {
  const online = useOnline();
  const { progress, update } = useLessonProgress(place.courseId, lesson.id);
  return (
    <>
      {lesson.content_summary ? <Typography sx={{ mb: 2 }}>Before you watch: settle in, breathe, and take this lesson at your own pace.</Typography> : null}
      {lesson.video && !online ? (
        <Box role="note" sx={{ bgcolor: "#f3e6e0", borderRadius: 3, p: 3, mb: 1 }}>
          <Typography>You are offline, so the video cannot play just now. It will be here when you are back online; the notes and downloads below are ready.</Typography>
        </Box>
      ) : lesson.video ? (
        <LessonVideo lessonId={lesson.id} title={lesson.lesson_title} video={lesson.video} progress={progress} update={update} />
      ) : (
        <Typography sx={{ mb: 1 }}>This lesson has no video.</Typography>
      )}
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
        VIDEO INFO HERE
      </Typography>
      <MarkComplete progress={progress} update={update} />
      <SaveForOffline courseId={place.courseId} courseTitle={place.courseTitle} moduleTitle={place.moduleTitle} lesson={lesson} />
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
  const user = useAppSelector((state) => state.session.user);
  const offline = useAppSelector((state) => state.offline.openedOffline);
  const online = useOnline();
  const loaded = selected && selected.id === lessonId && selected.course_id === courseId ? selected : null;
  // Without a network, the copy saved on this phone, if she saved this lesson.
  const [savedCopy, setSavedCopy] = useState<SavedLesson | null | undefined>(undefined);
  const lookInSavedCopies = !loaded && user !== null && (offline || status === "failed");
  useEffect(() => {
    if (!lookInSavedCopies || !user) return;
    let current = true;
    void savedLesson(user.id, courseId, lessonId).then((saved) => current && setSavedCopy(saved));
    return () => {
      current = false;
    };
  }, [lookInSavedCopies, user, courseId, lessonId]);
  const found = loaded ?? (savedCopy ? { ...savedCopy.lesson, course_id: courseId, module_title: savedCopy.moduleTitle } : null);
  // The lesson's first render (video, downloads, notes) is the heaviest of the page: deferred, React
  // renders it in slices between which the phone stays responsive, instead of one long task.
  const lesson = useDeferredValue(found);

  // A reload or a shared link: load the course, then find the lesson in it.
  useEffect(() => {
    if (loaded || offline || !Number.isInteger(courseId) || courseId <= 0) return;
    if (courseObject?.course_id !== courseId) {
      void dispatch(openCourse(courseId));
      return;
    }
    for (const module of selectedCourse ?? []) {
      const found = module.lessons.find((candidate) => candidate.id === lessonId);
      if (found) dispatch(lessonSelected({ ...found, course_id: courseId, module_title: module.module_title }));
    }
  }, [loaded, offline, courseId, lessonId, courseObject, selectedCourse, dispatch]);

  const back = (
    <Button component={RouterLink} to={`/course?course=${courseId}`} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      Back to Modules
    </Button>
  );
  if (!lesson) {
    const courseLoaded = courseObject?.course_id === courseId && status === "loaded";
    // Only once the saved copies were looked through (null: not saved here) is there nothing to show.
    const nothingSaved = lookInSavedCopies && savedCopy === null;
    const problem = found
      ? null
      : courseLoaded
      ? "This lesson could not be found. It may have moved; please choose it again from the course."
      : nothingSaved && (offline || !online)
        ? "You are offline, and this lesson is not saved on this phone. It will open when you are back online."
        : nothingSaved
          ? "This lesson could not be found. It may have moved; please choose it again from the course."
          : null;
    return (
      <PageColumn>
        {back}
        {problem ? <Typography role="alert">{problem}</Typography> : <Spinner label="Loading the lesson" />}
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
        <OpenLessonView
          lesson={lesson}
          place={{ courseId, courseTitle: savedCopy?.courseTitle ?? courseObject?.courseTitle ?? "Course", moduleTitle: lesson.module_title }}
        />
      )}
      <PreviousNext courseId={courseId} modules={courseObject?.course_id === courseId ? selectedCourse : null} lessonId={lessonId} />
      <Box sx={{ textAlign: "center", mt: 3 }}>
        <Button startIcon={<ArrowUpwardIcon />} onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
          GO TO TOP
        </Button>
      </Box>
    </PageColumn>
  );
}
