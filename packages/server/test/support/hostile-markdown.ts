// Markdown built to make parsers slow: runs of what opens a construct and never closes it.

const PARTS = [
  "[",
  "![[",
  "*",
  "_",
  "**a",
  "[[]]",
  "`",
  "<",
  "[a](",
  "]",
  "(",
  "\\",
  "&",
  "~",
  "#",
  " ",
  "a",
  "\n",
  "> ",
  "- ",
  "|",
  "<div>",
  "http://x.y ",
  '{% hint style="info" %}\n',
];

/** `length` characters of unclosed brackets, image openers, emphasis runs, nested brackets, backticks and `<`, mixed (the same every time). */
export function hostileMarkdown(length: number): string {
  const parts: string[] = [];
  let size = 0;
  let seed = 1;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  while (size < length) {
    const part = PARTS[Math.floor(random() * PARTS.length)]!.repeat(1 + Math.floor(random() * 200));
    parts.push(part);
    size += part.length;
  }
  return parts.join("").slice(0, length);
}
