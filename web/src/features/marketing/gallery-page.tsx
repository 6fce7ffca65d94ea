import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { ImageGrid } from "../../components/image-grid.tsx";
import { PageColumn } from "../../components/page-column.tsx";

export const galleryImages = [
  "Morning Bloom",
  "Gentle Waves",
  "Two Hearts",
  "Nest",
  "First Light",
  "Moon Circle",
  "Open Hands",
  "Seedling",
  "Warm Embrace",
  "Evening Calm",
].map((title, index) => ({ src: `/art/gallery-${index + 1}.svg`, label: `Image ${String(index + 1).padStart(2, "0")}: ${title}` }));

export default function GalleryPage() {
  return (
    <PageColumn title="Vector Art Gallery">
      <Typography sx={{ mb: 2 }}>Illustrations made for Calm Birth Circle. Feel free to save one as a calm phone background.</Typography>
      <ImageGrid images={galleryImages} />
      <Typography variant="body2" sx={{ mt: 2 }}>
        Looking for more vector art? Browse the free collections at{" "}
        <Link href="https://www.vecteezy.com/free-vector/pregnancy" rel="noopener noreferrer" target="_blank">
          Vecteezy (opens in a new tab)
        </Link>
        .
      </Typography>
    </PageColumn>
  );
}
