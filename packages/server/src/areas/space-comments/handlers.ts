// The space-comments area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const spaceCommentsOperations = {
  listCommentsInSpace: pendingOperation("listCommentsInSpace"),
  postCommentInSpace: pendingOperation("postCommentInSpace"),
  getCommentInSpace: pendingOperation("getCommentInSpace"),
  updateCommentInSpace: pendingOperation("updateCommentInSpace"),
  deleteCommentInSpace: pendingOperation("deleteCommentInSpace"),
  listCommentRepliesInSpace: pendingOperation("listCommentRepliesInSpace"),
  postCommentReplyInSpace: pendingOperation("postCommentReplyInSpace"),
  getCommentReplyInSpace: pendingOperation("getCommentReplyInSpace"),
  updateCommentReplyInSpace: pendingOperation("updateCommentReplyInSpace"),
} satisfies AreaOperations;
