// Light, dark or the system's: a class on <html> that the sites' stylesheet (and the app's) follow.
import { useEffect, useState } from "react";

type Theme = "system" | "light" | "dark";
const KEY = "docstack.theme";

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle("light", theme === "light");
  root.classList.toggle("dark", theme === "dark");
}

export function storedTheme(): Theme {
  const stored = localStorage.getItem(KEY);
  return stored === "light" || stored === "dark" ? stored : "system";
}

export function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>(storedTheme);
  useEffect(() => {
    applyTheme(theme);
    localStorage.setItem(KEY, theme);
  }, [theme]);
  return (
    <select aria-label="Theme" value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
      <option value="system">System theme</option>
      <option value="light">Light</option>
      <option value="dark">Dark</option>
    </select>
  );
}
