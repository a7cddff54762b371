/** Escapes `%`, `_` and `\` so user text in a Prisma `contains` filter matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
