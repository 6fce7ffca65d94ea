import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAppDispatch } from "./store-hooks.ts";
import { logoutMember } from "./session.ts";

/** Logout (docs/product.md, Screens): clear every cookie the page can reach, end the session, go back to /. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    for (const cookie of document.cookie.split(";")) {
      const name = cookie.split("=")[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
    await dispatch(logoutMember());
    await navigate("/");
  }, [dispatch, navigate]);
}
