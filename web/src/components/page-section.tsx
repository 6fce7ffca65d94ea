import type { ReactNode } from "react";

/** One part of a page: its h2, named for screen readers, and what it holds. */
export function PageSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="page-section">
      <h2 id={id} className="page-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
