// @docstack/sites: published sites as web pages. The server gives content reads
// (SiteContentReader) and the site as a reader may see it; this package answers requests.

export { DEFAULT_FAVICON } from "./favicon";
export { type GitBookBlocksOptions, gitbookBlocks } from "./gitbook-blocks";
export { type BlockStructure, type BlockTag, blockStructure, blocksToPlainMarkdown, integrationLink, parseTag } from "./gitbook-structure";
export { Highlighter } from "./highlight";
export { escapeHtml } from "./html";
export { assetName, htmlImages, htmlTargets, rewriteHtmlTargets } from "./html-targets";
export type { VariantContent } from "./machine";
export { sanitize } from "./markdown";
export type {
  Audience,
  HeadingAnchors,
  PublishedSite,
  SearchHit,
  SiteContentReader,
  SiteCustomization,
  SiteFile,
  SiteFileBytes,
  SitePage,
  SiteRequest,
  SiteResponse,
  SiteSection,
  SiteVariant,
  SpaceRevision,
} from "./model";
export { type MarkdownOffload, type OffloadedRender, renderOffloaded } from "./offload";
export { targetResolver } from "./page";
export { type RendererOptions, SiteRenderer } from "./renderer";
export { pageUrl, segmentsOf, variantPath } from "./routing";
export type { FoundPage } from "./search-page";
export { contrast, pageCsp } from "./theme";
export { TokenCursor } from "./token-cursor";
