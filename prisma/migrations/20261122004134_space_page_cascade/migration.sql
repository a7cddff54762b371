-- AddForeignKey
ALTER TABLE "SpacePage" ADD CONSTRAINT "SpacePage_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE CASCADE ON UPDATE CASCADE;
