// Comments on a space's content (not on its change requests: see change-request-comments).
// The operations are shared with change requests (comments.ts); here they are found by space.
import { type AreaOperations, defineOperation } from "../../http/operation";
import { commentOperations } from "./comments";

const inSpace = commentOperations();

export const spaceCommentsOperations = {
  listCommentsInSpace: defineOperation("listCommentsInSpace", inSpace.listComments),
  postCommentInSpace: defineOperation("postCommentInSpace", inSpace.postComment),
  getCommentInSpace: defineOperation("getCommentInSpace", inSpace.getComment),
  updateCommentInSpace: defineOperation("updateCommentInSpace", inSpace.updateComment),
  deleteCommentInSpace: defineOperation("deleteCommentInSpace", inSpace.deleteComment),
  listCommentRepliesInSpace: defineOperation("listCommentRepliesInSpace", inSpace.listReplies),
  postCommentReplyInSpace: defineOperation("postCommentReplyInSpace", inSpace.postReply),
  getCommentReplyInSpace: defineOperation("getCommentReplyInSpace", inSpace.getReply),
  updateCommentReplyInSpace: defineOperation("updateCommentReplyInSpace", inSpace.updateReply),
  deleteCommentReplyInSpace: defineOperation("deleteCommentReplyInSpace", inSpace.deleteReply),
} satisfies AreaOperations;
