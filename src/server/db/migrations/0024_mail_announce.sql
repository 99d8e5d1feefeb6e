-- Mail queued in a committed transaction is announced on the members' channel (e = 'mail', for no member),
-- so an instance with SMTP sends it at once rather than at the next minute's run of the mail job.
CREATE FUNCTION mail_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_events', json_build_object('u', '', 'e', 'mail')::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER mail_outbox_announce
  AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION mail_announce();
