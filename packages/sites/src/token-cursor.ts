// Walks markdown-it's flat token stream, where containers are opening and closing tokens: shared by the API's
// document format (the server) and the editor, which read the same tokens into their own trees.
import type MarkdownIt from "markdown-it";

type Token = MarkdownIt.Token;

export class TokenCursor {
  private index = 0;
  constructor(private readonly tokens: readonly Token[]) {}

  next(): Token {
    const token = this.tokens[this.index++];
    if (!token) throw new Error("markdown tokens ended inside an open block");
    return token;
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  /** At the end of the current container (its closing token) or of the document. */
  atClose(): boolean {
    const token = this.peek();
    return !token || token.nesting === -1;
  }

  /** Skips the rest of the container just opened, its closing token included. */
  skipContainer(): void {
    for (let depth = 1; depth > 0; ) depth += this.next().nesting;
  }
}
