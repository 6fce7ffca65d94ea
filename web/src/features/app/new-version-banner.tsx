import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/**
 * The calm notice that a new version of the app is ready. It never takes focus or reloads by
 * itself: a member may be in the middle of a form or a video.
 */
export default function NewVersionBanner({ onReload }: { onReload: () => void }) {
  return (
    <Paper
      role="status"
      elevation={6}
      sx={{ position: "fixed", left: 8, right: 8, bottom: 88, zIndex: 1300, mx: "auto", maxWidth: 480, p: 2, display: "flex", alignItems: "center", gap: 2 }}
    >
      <Typography sx={{ flex: 1 }}>A new version is ready.</Typography>
      <Button variant="contained" onClick={onReload}>
        Reload
      </Button>
    </Paper>
  );
}
