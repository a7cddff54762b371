-- App sessions are stored as API tokens of origin `session` (auth/sessions.ts).

-- AlterEnum
ALTER TYPE "ApiTokenOrigin" ADD VALUE 'session';
