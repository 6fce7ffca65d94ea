import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** Labelled pictures two to a row; the label is the caption, so the image itself is decorative to a screen reader. */
export function ImageGrid({ images }: { images: { src: string; label: string }[] }) {
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, display: "grid", gridTemplateColumns: "1fr 1fr", gap: 2 }}>
      {images.map((image) => (
        <Box component="li" key={image.src}>
          <Box component="figure" sx={{ m: 0 }}>
            <img src={image.src} alt="" width={240} height={180} loading="lazy" style={{ width: "100%", height: "auto", borderRadius: 12, display: "block" }} />
            <Typography component="figcaption" variant="body2" sx={{ mt: 0.5, textAlign: "center" }}>
              {image.label}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
