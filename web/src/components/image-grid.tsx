/**
 * Labelled pictures two to a row; the label is the caption, so the image itself is decorative to a
 * screen reader. The first row loads at once (it is what the page shows first); the rest as she scrolls.
 */
export function ImageGrid({ images }: { images: { src: string; label: string }[] }) {
  return (
    <ul className="image-grid">
      {images.map((image, index) => (
        <li key={image.src}>
          <figure>
            <img src={image.src} alt="" width={240} height={180} loading={index < 2 ? "eager" : "lazy"} />
            <figcaption className="small-text">{image.label}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
