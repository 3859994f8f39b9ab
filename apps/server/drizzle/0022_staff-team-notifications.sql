CREATE TABLE "staff_digest_items" (
	"recipient_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" text,
	CONSTRAINT "staff_digest_items_recipient_id_ticket_id_pk" PRIMARY KEY("recipient_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "staff_notification_prefs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"new_tickets" text NOT NULL,
	"assigned_overdue" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_digest_items" ADD CONSTRAINT "staff_digest_items_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_digest_items" ADD CONSTRAINT "staff_digest_items_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notification_prefs" ADD CONSTRAINT "staff_notification_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_digest_items_ticket_idx" ON "staff_digest_items" USING btree ("ticket_id");