import PlayCircleIcon from "@mui/icons-material/PlayCircleOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import type { ProgressSummary } from "../../../../contract/progress.ts";
import { clockTime } from "./video-progress.ts";

const lessonLink = (pointer: { course_id: number; lesson_id: number }) => `/lesson?course=${pointer.course_id}&lesson=${pointer.lesson_id}`;

/** /home's answer to "where was I?": the lesson she was last in, where in its video, and the next one. */
export function ContinueCard({ summary }: { summary: ProgressSummary }) {
  const { continue: last, next } = summary;
  if (!last) return null;
  return (
    <Box component="section" aria-labelledby="continue-heading" sx={{ bgcolor: "background.paper", border: "1px solid #e4dcdc", borderRadius: 3, p: 2, mb: 3 }}>
      <Typography variant="h2" id="continue-heading" sx={{ fontSize: "1.25rem", mb: 1 }}>
        Continue where you left off
      </Typography>
      <Typography sx={{ mb: 0.5 }}>
        <strong>{last.lesson_title}</strong>
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1.5 }}>
        {last.course_title}
        {last.completed ? ", completed" : last.position_seconds > 0 ? `, at ${clockTime(last.position_seconds)}` : ""}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button component={RouterLink} to={lessonLink(last)} variant="contained" startIcon={<PlayCircleIcon />} aria-label={`Continue: ${last.lesson_title}`}>
          Continue
        </Button>
        {next ? (
          <Button component={RouterLink} to={lessonLink(next)} variant="outlined" aria-label={`Next lesson: ${next.lesson_title}`}>
            Next: {next.lesson_title}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
