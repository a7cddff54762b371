// Downloads: the signed URL is the authorization (it was given to a caller who could read
// the content), so they need no token.
import { definePolicy } from "../../policy/factory";

export const downloadPolicy = definePolicy("download", {
  what: "Download (expired or modified)",
  find: async ({ ctx, params }) => {
    const download = ctx.downloads.verify(params.downloadToken as string);
    return download ? { download } : null;
  },
  level: () => "guest",
});
