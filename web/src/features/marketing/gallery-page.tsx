import { ImageGrid } from "../../components/image-grid.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { sentence } from "../../../../contract/languages.ts";
import { t, tWith } from "./messages.ts";

const galleryTitles = [
  sentence("Morning Bloom"),
  sentence("Gentle Waves"),
  sentence("Two Hearts"),
  sentence("Nest"),
  sentence("First Light"),
  sentence("Moon Circle"),
  sentence("Open Hands"),
  sentence("Seedling"),
  sentence("Warm Embrace"),
  sentence("Evening Calm"),
];

/** The gallery's pictures with their labels, in the page's language. */
export const galleryImages = () =>
  galleryTitles.map((title, index) => ({
    src: `/art/gallery-${index + 1}.svg`,
    label: t("Image {number}: {title}", { number: String(index + 1).padStart(2, "0"), title: t(title) }),
  }));

export default function GalleryPage() {
  return (
    <PageColumn title={t("Vector Art Gallery")}>
      <p style={{ margin: "0 0 16px" }}>
        {t("Illustrations made for Calm Birth Circle. Feel free to save one as a calm phone background.")}
      </p>
      <ImageGrid images={galleryImages()} />
      <p className="small-text" style={{ margin: "16px 0 0" }}>
        {tWith("Looking for more vector art? Browse the free collections at {link}.", {
          link: (
            <a href="https://www.vecteezy.com/free-vector/pregnancy" rel="noopener noreferrer" target="_blank">
              {t("Vecteezy (opens in a new tab)")}
            </a>
          ),
        })}
      </p>
    </PageColumn>
  );
}
