import Box from "@mui/material/Box";
import { useSession } from "../../../lib/session.ts";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { removeSavedLesson, type SavedLesson, savedLessons } from "../../../lib/saved-lessons.ts";

/** The library's list of lessons saved on this phone, each with Remove. */
export function SavedLessonsList() {
  const member = useSession().user;
  const [lessons, setLessons] = useState<SavedLesson[]>([]);
  const refresh = useCallback(async () => {
    if (member) setLessons(await savedLessons(member.id));
  }, [member]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  if (!member || lessons.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="saved-lessons-heading" sx={{ mb: 3, p: 2, bgcolor: "#f3e6e0", borderRadius: 3 }}>
      <Typography id="saved-lessons-heading" component="h2" variant="h3" sx={{ mb: 1 }}>
        Saved for offline
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {lessons.map((saved) => (
          <Box
            component="li"
            key={`${saved.courseId}-${saved.lesson.id}`}
            sx={{ display: "flex", alignItems: "center", gap: 1, py: 0.5, flexWrap: "wrap" }}
          >
            <Box sx={{ flex: 1, minWidth: 180 }}>
              <Link to={`/lesson?course=${saved.courseId}&lesson=${saved.lesson.id}`}>{saved.lesson.lesson_title}</Link>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {saved.courseTitle}
              </Typography>
            </Box>
            <Button
              size="small"
              aria-label={`Remove ${saved.lesson.lesson_title} from this phone`}
              onClick={() => void removeSavedLesson(member.id, saved.courseId, saved.lesson.id).then(refresh)}
            >
              Remove
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
