ALTER TABLE "draw_participants" DROP CONSTRAINT "draw_participants_prize_id_prizes_id_fk";
