import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: "flex", justifyContent: "center", py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
