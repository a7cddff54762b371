// The editor benchmarks' page (bench/editor.mjs in Node, bench/editor-browser.mjs in Chromium): `count` blocks of
// GitBook's kinds, mostly paragraphs (5,000 blocks: about 430 KB of Markdown).
const words = "the docs space page change request merge review writer block hint tab step code table file image link".split(" ");
const sentence = (n, length) => Array.from({ length }, (_, i) => words[(n * 7 + i * 3) % words.length]).join(" ");

/** Block `n` of the page: mostly paragraphs, and each of GitBook's blocks in turn. */
function block(n) {
  switch (n % 20) {
    case 0:
      return `## Section ${n / 20 + 1}`;
    case 5:
      return `* ${sentence(n, 6)}\n* [${sentence(n + 1, 3)}](/guides/page-${n}) and **${sentence(n, 2)}**\n* [ ] ${sentence(n + 2, 4)}`;
    case 9:
      return `{% hint style="${["info", "success", "warning", "danger"][n % 4]}" %}\n${sentence(n, 12)}.\n{% endhint %}`;
    case 12:
      return `\`\`\`ts\nconst value${n} = ${n};\nconsole.log(value${n});\n\`\`\``;
    case 15:
      return `| Name | Value |\n| --- | :-: |\n| ${sentence(n, 2)} | \`${n}\` |`;
    case 18:
      return `<figure><img src="../.gitbook/assets/image-${n}.png" alt="${sentence(n, 2)}"><figcaption><p>${sentence(n, 4)}</p></figcaption></figure>`;
    default:
      return `${sentence(n, 9)} *${sentence(n + 3, 2)}* ${sentence(n + 5, 3)} \`code\`.`;
  }
}

/** A page of `count` blocks. */
export const pageOfBlocks = (count) => `${Array.from({ length: count }, (_, n) => block(n)).join("\n\n")}\n`;
