// Links inside rendered HTML (a page's body) that lead to the app's screens open there without reloading
// (a modified click, or a link to a new tab, still behaves as links do).
import { type RefObject, useEffect } from "react";
import { navigate } from "../navigation";
import { appPath } from "../routes";

export function useInAppLinks(body: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    const follow = (event: MouseEvent) => {
      const anchor = (event.target as HTMLElement).closest("a");
      if (!anchor || event.metaKey || event.ctrlKey || event.shiftKey || anchor.target === "_blank") return;
      const path = appPath(anchor.href, location.origin);
      if (path) {
        event.preventDefault();
        navigate(path);
      }
    };
    element.addEventListener("click", follow);
    return () => element.removeEventListener("click", follow);
  });
}
