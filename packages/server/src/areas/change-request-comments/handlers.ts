// The change-request-comments area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const changeRequestCommentsOperations = {
  listCommentsInChangeRequest: pendingOperation("listCommentsInChangeRequest"),
  postCommentInChangeRequest: pendingOperation("postCommentInChangeRequest"),
  getCommentInChangeRequest: pendingOperation("getCommentInChangeRequest"),
  updateCommentInChangeRequest: pendingOperation("updateCommentInChangeRequest"),
  deleteCommentInChangeRequest: pendingOperation("deleteCommentInChangeRequest"),
  listCommentRepliesInChangeRequest: pendingOperation("listCommentRepliesInChangeRequest"),
  postCommentReplyInChangeRequest: pendingOperation("postCommentReplyInChangeRequest"),
  getCommentReplyInChangeRequest: pendingOperation("getCommentReplyInChangeRequest"),
} satisfies AreaOperations;
