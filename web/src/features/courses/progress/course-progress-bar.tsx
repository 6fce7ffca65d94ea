import Box from "@mui/material/Box";

/** "40% done" with a bar, for a course she may open. */
export function CourseProgressBar({ completed, total, courseTitle }: { completed: number; total: number; courseTitle: string }) {
  if (total === 0) return null;
  const percent = Math.round((completed / total) * 100);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, pb: 1.5 }}>
      <Box
        role="progressbar"
        aria-label={`Progress in ${courseTitle}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4, bgcolor: "#eee4e4", overflow: "hidden" }}
      >
        <Box sx={{ width: `${percent}%`, height: "100%", bgcolor: "primary.main" }} />
      </Box>
      <Box component="span" sx={{ fontSize: "0.85rem", color: "text.secondary", minWidth: 72, textAlign: "right" }}>
        {percent}% done
      </Box>
    </Box>
  );
}
