// Comments on a change request: the same operations as a space's comments
// (space-comments/comments.ts), on the change request named by the path.
import { type AreaOperations, defineOperation } from "../../http/operation";
import { commentOperations } from "../space-comments/comments";

const inChangeRequest = commentOperations();

export const changeRequestCommentsOperations = {
  listCommentsInChangeRequest: defineOperation("listCommentsInChangeRequest", inChangeRequest.listComments),
  postCommentInChangeRequest: defineOperation("postCommentInChangeRequest", inChangeRequest.postComment),
  getCommentInChangeRequest: defineOperation("getCommentInChangeRequest", inChangeRequest.getComment),
  updateCommentInChangeRequest: defineOperation("updateCommentInChangeRequest", inChangeRequest.updateComment),
  deleteCommentInChangeRequest: defineOperation("deleteCommentInChangeRequest", inChangeRequest.deleteComment),
  listCommentRepliesInChangeRequest: defineOperation("listCommentRepliesInChangeRequest", inChangeRequest.listReplies),
  postCommentReplyInChangeRequest: defineOperation("postCommentReplyInChangeRequest", inChangeRequest.postReply),
  getCommentReplyInChangeRequest: defineOperation("getCommentReplyInChangeRequest", inChangeRequest.getReply),
  updateCommentReplyInChangeRequest: defineOperation("updateCommentReplyInChangeRequest", inChangeRequest.updateReply),
  deleteCommentReplyInChangeRequest: defineOperation("deleteCommentReplyInChangeRequest", inChangeRequest.deleteReply),
} satisfies AreaOperations;
