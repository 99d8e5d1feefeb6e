CREATE TABLE "task_counts" (
	"user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_counts_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "task_counts" ADD CONSTRAINT "task_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_counts" ADD CONSTRAINT "task_counts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION count_task_completions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_counts (user_id, task_id, n, last_at)
  SELECT user_id, task_id, count(*), max(completed_at) FROM added GROUP BY 1, 2
  ON CONFLICT (user_id, task_id) DO UPDATE
    SET n = task_counts.n + excluded.n, last_at = greatest(task_counts.last_at, excluded.last_at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION uncount_task_completions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_counts c SET n = c.n - r.n
    FROM (SELECT user_id, task_id, count(*) AS n FROM removed GROUP BY 1, 2) r
   WHERE c.user_id = r.user_id AND c.task_id = r.task_id;
  -- None left: no row, so its last time goes with them.
  DELETE FROM task_counts c USING (SELECT DISTINCT user_id, task_id FROM removed) r
   WHERE c.user_id = r.user_id AND c.task_id = r.task_id AND c.n <= 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER task_completions_counted AFTER INSERT ON task_completions REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_task_completions();
--> statement-breakpoint
CREATE TRIGGER task_completions_uncounted AFTER DELETE ON task_completions REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION uncount_task_completions();
--> statement-breakpoint
INSERT INTO task_counts (user_id, task_id, n, last_at)
SELECT user_id, task_id, count(*), max(completed_at) FROM task_completions GROUP BY 1, 2;
