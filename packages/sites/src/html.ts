// Escaping for HTML text and attribute values, and a tagged template that escapes what
// it interpolates unless it is already HTML (made by this template or `raw`).

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A string of HTML that is safe to insert as it is. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export const raw = (value: string) => new Html(value);

type Part = Html | string | number | false | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === false || part === null || part === undefined) return "";
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join("");
  return escapeHtml(String(part));
}

/** `html\`<a href="${url}">${text}</a>\``: interpolated strings are escaped, Html is kept, arrays are joined, false/null/undefined vanish. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < parts.length; i++) out += render(parts[i]) + strings[i + 1]!;
  return new Html(out);
}
