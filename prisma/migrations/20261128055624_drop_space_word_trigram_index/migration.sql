-- DropIndex
DROP INDEX "SpaceWord_spaceId_word_idx";
