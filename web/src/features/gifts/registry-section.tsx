import { lazy, Suspense } from "react";

// Her account page's section: its body (the registry's form, the plans) is downloaded when the
// section is shown, apart from the account page's other sections, whose chunk every visit of
// /account carries.
const RegistryBody = lazy(() => import("./registry-body.tsx"));

export default function RegistrySection() {
  return (
    <Suspense fallback={null}>
      <RegistryBody />
    </Suspense>
  );
}
