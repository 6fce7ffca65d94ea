import type { ReactNode } from "react";

/** The 500px content column (docs/product.md, Constants), with the page's one h1 (styled in web/index.html). */
export function PageColumn({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="page-column">
      {title ? <h1 className="page-title">{title}</h1> : null}
      {children}
    </main>
  );
}

export function Footer() {
  return <footer className="site-footer">© 2025 Calm Birth Circle · Beta</footer>;
}
