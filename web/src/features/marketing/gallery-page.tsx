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
      <p style={{ margin: "0 0 16px" }}>Illustrations made for Calm Birth Circle. Feel free to save one as a calm phone background.</p>
      <ImageGrid images={galleryImages} />
      <p className="small-text" style={{ margin: "16px 0 0" }}>
        Looking for more vector art? Browse the free collections at{" "}
        <a href="https://www.vecteezy.com/free-vector/pregnancy" rel="noopener noreferrer" target="_blank">
          Vecteezy (opens in a new tab)
        </a>
        .
      </p>
    </PageColumn>
  );
}
